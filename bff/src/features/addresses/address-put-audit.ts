import type { AuditChangeValue } from '#contract/audit';
import type { CryptoDestinationAddress } from '#contract/destination-addresses';
import { requestHash } from '#contract/request-hash';
import type { AWAITING_APPROVAL, SentOutcome } from '#contract/withdrawal-outcome';
import type { Operator } from '#bff/auth/operator';
import { recordAudit } from '#bff/lib/record-audit';
import type { Logger } from '#bff/logger';
import type { AuditLog, NewAuditEvent } from '#bff/store/audit-log-port';

/**
 * An address.put event's outcome: as a submit's (created, refused, unknown, awaiting_approval),
 * plus updated (the book held it already) and rejected (the BFF's own validation).
 */
export type AddressPutOutcome = SentOutcome | typeof AWAITING_APPROVAL | 'updated' | 'rejected';

/** The audit target: "network:address:identity", or "id:<id>" when the body names an address by id. */
function targetOf(body: unknown, saved?: CryptoDestinationAddress): string {
  if (saved) return `${saved.crypto_network ?? ''}:${saved.address}:${saved.identity_id ?? ''}`;
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 256) : '');
  if (typeof b.id === 'string') return `id:${text(b.id)}`;
  return `${text(b.crypto_network)}:${text(b.address)}:${text(b.identity_id)}`;
}

/** What an address.put event says besides who, why and how (the audit's optional fields). */
export interface AddressPutExtra {
  upstreamStatus?: number;
  saved?: CryptoDestinationAddress;
  changedFields?: string[];
  /** Before and after of the changed fields the audit may keep (AUDIT_VALUE_FIELDS). */
  changeValues?: AuditChangeValue[];
}

export type AddressPutAudit = (
  operator: Operator,
  requestId: string,
  body: unknown,
  outcome: AddressPutOutcome,
  extra?: AddressPutExtra,
) => Promise<void>;

/** An address.put event: written alone (createAddressPutAudit) or with its page (an import). */
export function addressPutEvent(
  operator: Operator,
  requestId: string,
  body: unknown,
  outcome: AddressPutOutcome,
  extra: AddressPutExtra = {},
): NewAuditEvent {
  return {
    operator_subject: operator.subject,
    operator_name: operator.name,
    roles: operator.roles,
    action: 'address.put',
    target: targetOf(body, extra.saved),
    // Hashed and written even for a hostile body (the hash is iterative).
    request_hash: requestHash(body ?? null),
    outcome,
    ...(extra.upstreamStatus === undefined ? {} : { upstream_status: extra.upstreamStatus }),
    request_id: requestId,
    ...(extra.changedFields ? { changed_fields: extra.changedFields } : {}),
    ...(extra.changeValues?.length ? { change_values: extra.changeValues } : {}),
  };
}

/** One address.put event per attempt, refused ones included; nothing without a store. */
export function createAddressPutAudit(deps: {
  logger: Logger;
  store?: { audit: AuditLog } | undefined;
}): AddressPutAudit {
  return async (operator, requestId, body, outcome, extra = {}) => {
    const store = deps.store;
    if (!store) return;
    // A failing write is tried again and, if it still fails, raised as an alert in the log.
    await recordAudit(
      { audit: store.audit, logger: deps.logger },
      addressPutEvent(operator, requestId, body, outcome, extra),
    );
  };
}
