import type { RequestHandler } from 'express';
import { ArchiveAddressRequestSchema, type AddressBookEntry } from '#contract/address-book';
import type { ApprovalPolicy } from '#contract/approvals';
import { fieldErrorsFromZod } from '#contract/problem';
import { requestHash } from '#contract/request-hash';
import { getOperator, type Operator } from '#bff/auth/operator';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import { badRequest, HttpProblem } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import { recordAudit } from '#bff/lib/record-audit';
import type { Logger } from '#bff/logger';
import type { AddressBook } from '#bff/store/address-book-port';
import type { ApprovalStore } from '#bff/store/approval-port';
import type { AuditLog } from '#bff/store/audit-log-port';
import type { ServiceAddressReader } from '#bff/upstream/service-address-reader';
import { createBookChangeHold } from './hold-address-change';
import { operatorRef } from '#contract/operator-ref';

interface ArchiveDeps {
  store: { addressBook: AddressBook; audit: AuditLog; approvals?: ApprovalStore };
  logger: Logger;
  /** Four eyes: bringing an entry back waits for an address approver (the policy's choice). */
  config?: { approvalPolicy?: ApprovalPolicy; approvalAttribution?: 'subject' | 'email' };
  approvalNotifier?: ApprovalNotifier | undefined;
  /** The service's saved addresses: one the book does not hold can be archived too. */
  serviceAddresses?: Pick<ServiceAddressReader, 'all'> | undefined;
}

/**
 * The book's entry for a key of the address list: the book's own, or, for an address saved only
 * at the service (`service:<id>`) being archived, a book entry made from the service's record
 * (the console cannot delete there, but its allowlist refuses what the book holds archived).
 */
async function entryToArchive(
  deps: ArchiveDeps,
  key: string,
  archived: boolean,
  operator: Operator,
) {
  const current = await deps.store.addressBook.get(key);
  if (current || !archived || !key.startsWith('service:') || !deps.serviceAddresses) return current;
  const listed = await deps.serviceAddresses.all();
  const saved = Array.isArray(listed)
    ? listed.find((a) => a.id === key.slice('service:'.length))
    : undefined;
  if (!saved?.crypto_network) return undefined;
  return deps.store.addressBook.recordSaved(saved, operatorRef(operator), {
    crypto_network: saved.crypto_network,
  });
}

/** One address.archive or address.unarchive event. */
async function auditArchive(
  deps: ArchiveDeps,
  operator: Operator,
  key: string,
  archived: boolean,
  requestId: string,
  outcome: string = archived ? 'archived' : 'unarchived',
) {
  await recordAudit(
    { audit: deps.store.audit, logger: deps.logger },
    {
      operator_subject: operator.subject,
      operator_name: operator.name,
      roles: operator.roles,
      action: archived ? 'address.archive' : 'address.unarchive',
      target: key,
      request_hash: requestHash({ key, archived }),
      outcome,
      request_id: requestId,
    },
  );
}

/**
 * Archives (or brings back) the book's entry of this key now, with its audit event: an archive,
 * and a return the policy does not hold or an approval decided (`operator` is then the last
 * approver). Undefined when the book has no such entry.
 */
export async function applyArchive(
  deps: ArchiveDeps,
  key: string,
  archived: boolean,
  operator: Operator,
  requestId: string,
): Promise<AddressBookEntry | undefined> {
  const entry = await deps.store.addressBook.setArchived(key, archived, {
    subject: operator.subject,
    name: operator.name,
  });
  if (entry) await auditArchive(deps, operator, key, archived, requestId);
  return entry;
}

/**
 * POST /api/addresses/archive { key, archived }: archives (or brings back) an entry of the
 * console's book. Archiving takes the destination out of use at once: it leaves the list and the
 * pickers, and the gate refuses withdrawals to it (on every path, held ones when approved
 * included) while the book holds it only archived, whatever the service holds (the console cannot
 * delete there). Bringing it back puts it in use again: a destination change, held for another
 * address approver when the policy holds address changes (202 `{ approval }`), as a new address
 * is. One address.archive (or address.unarchive) audit event.
 */
export function archiveAddress(deps: ArchiveDeps): RequestHandler {
  const hold = createBookChangeHold(deps);
  return async (req, res) => {
    const parsed = ArchiveAddressRequestSchema.safeParse(req.body);
    if (!parsed.success)
      throw badRequest('The request is not valid.', fieldErrorsFromZod(parsed.error));
    const { key, archived } = parsed.data;
    const operator = getOperator(res);
    const requestId = requestIdOf(req, res);
    const current = await entryToArchive(deps, key, archived, operator);
    const held =
      current?.archived && !archived
        ? await hold(
            current,
            { kind: 'restore' },
            {
              operator,
              requestId,
              audit: (outcome) => auditArchive(deps, operator, key, false, requestId, outcome),
            },
          )
        : undefined;
    if (held) {
      res.status(202).json(held);
      return;
    }
    const entry = current && (await applyArchive(deps, current.key, archived, operator, requestId));
    if (!entry)
      throw new HttpProblem({
        title: 'Not Found',
        status: 404,
        detail: 'The address book holds no entry with this key.',
      });
    res.json({ address: entry });
  };
}
