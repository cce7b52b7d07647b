import type { RequestHandler } from 'express';
import { SetAddressMemoRequestSchema, type AddressBookEntry } from '#contract/address-book';
import { MEMO_NETWORKS } from '#contract/memo-required';
import { fieldErrorsFromZod } from '#contract/problem';
import { requestHash } from '#contract/request-hash';
import { getOperator, type Operator } from '#bff/auth/operator';
import { badRequest, HttpProblem } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import { recordAudit } from '#bff/lib/record-audit';
import type { Logger } from '#bff/logger';
import type { AddressBook, AuditLog } from '#bff/store/ports';

interface MemoDeps {
  store?: { addressBook: AddressBook; audit: AuditLog } | undefined;
  logger: Logger;
}

/** One address.memo event: who kept (or cleared) the memo of which entry. */
async function auditMemo(
  deps: MemoDeps & { store: NonNullable<MemoDeps['store']> },
  operator: Operator,
  key: string,
  memo: string | undefined,
  requestId: string,
) {
  await recordAudit(
    { audit: deps.store.audit, logger: deps.logger },
    {
      operator_subject: operator.subject,
      operator_name: operator.name,
      roles: operator.roles,
      action: 'address.memo',
      target: key,
      request_hash: requestHash({ key, memo: memo ?? '' }),
      outcome: memo === undefined ? 'memo-cleared' : 'memo-saved',
      request_id: requestId,
    },
  );
}

/**
 * Keeps the destination memo an address file's row asks for (issue 28 item 2) with the book's
 * entry of its destination, once the entry is saved (by the import, or by the approval that held
 * it): the same rule and audit event as POST /api/addresses/memo. `memo` undefined clears it.
 * Undefined when the book holds no such entry on a network that uses a memo.
 */
export async function keepAddressMemo(
  deps: MemoDeps,
  destination: { crypto_network: string; address: string; identity_id?: string | undefined },
  memo: string | undefined,
  operator: Operator,
  requestId: string,
): Promise<AddressBookEntry | undefined> {
  const store = deps.store;
  if (!store) return undefined;
  const { crypto_network: network, address, identity_id: identityId } = destination;
  const found = await store.addressBook.find(network, address, identityId);
  if (!found) return undefined;
  const entry = await store.addressBook.setMemo(found.key, memo, [...MEMO_NETWORKS]);
  if (entry) await auditMemo({ ...deps, store }, operator, found.key, memo, requestId);
  return entry;
}

/**
 * POST /api/addresses/memo { key, memo }: keeps the memo (or tag) an address is credited by with
 * its entry in the console's book, on a network that uses one (the network registry's memo rule);
 * an empty memo clears it. The service's saved address has no memo, so nothing goes upstream: the
 * withdrawal form prefills it, and the withdrawal that carries it goes through the gate as ever.
 * One address.memo audit event (with the memo's hash, as any request).
 */
export function setAddressMemo(deps: MemoDeps): RequestHandler {
  return async (req, res) => {
    const parsed = SetAddressMemoRequestSchema.safeParse(req.body);
    if (!parsed.success)
      throw badRequest('The request is not valid.', fieldErrorsFromZod(parsed.error));
    const store = deps.store;
    if (!store)
      throw new HttpProblem({
        title: 'Service Unavailable',
        status: 503,
        detail: 'This console keeps no address book.',
      });
    const { key, memo } = parsed.data;
    const operator = getOperator(res);
    const entry = await store.addressBook.setMemo(key, memo === '' ? undefined : memo, [
      ...MEMO_NETWORKS,
    ]);
    if (!entry)
      throw new HttpProblem({
        title: 'Not Found',
        status: 404,
        detail: 'The address book holds no entry with this key on a network that uses a memo.',
      });
    await auditMemo(
      { ...deps, store },
      operator,
      key,
      memo === '' ? undefined : memo,
      requestIdOf(req, res),
    );
    res.json({ address: entry });
  };
}
