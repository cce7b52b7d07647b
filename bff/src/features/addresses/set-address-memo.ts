import type { RequestHandler } from 'express';
import { SetAddressMemoRequestSchema } from '#contract/address-book';
import { MEMO_NETWORKS } from '#contract/memo-required';
import { fieldErrorsFromZod } from '#contract/problem';
import { requestHash } from '#contract/request-hash';
import { getOperator } from '#bff/auth/operator';
import { badRequest, HttpProblem } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import { recordAudit } from '#bff/lib/record-audit';
import type { Logger } from '#bff/logger';
import type { AddressBook, AuditLog } from '#bff/store/ports';

/**
 * POST /api/addresses/memo { key, memo }: keeps the memo (or tag) an address is credited by with
 * its entry in the console's book, on a network that uses one (the network registry's memo rule);
 * an empty memo clears it. The service's saved address has no memo, so nothing goes upstream: the
 * withdrawal form prefills it, and the withdrawal that carries it goes through the gate as ever.
 * One address.memo audit event (with the memo's hash, as any request).
 */
export function setAddressMemo(deps: {
  store?: { addressBook: AddressBook; audit: AuditLog } | undefined;
  logger: Logger;
}): RequestHandler {
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
    await recordAudit(
      { audit: store.audit, logger: deps.logger },
      {
        operator_subject: operator.subject,
        operator_name: operator.name,
        roles: operator.roles,
        action: 'address.memo',
        target: key,
        request_hash: requestHash(parsed.data),
        outcome: memo === '' ? 'memo-cleared' : 'memo-saved',
        request_id: requestIdOf(req, res),
      },
    );
    res.json({ address: entry });
  };
}
