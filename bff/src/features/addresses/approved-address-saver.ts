import type { AddressBookEntry } from '#contract/address-book';
import type { ApprovalRequest, ApprovalSubmission } from '#contract/approvals';
import type { OperatorRef } from '#contract/operator-ref';
import type { Operator } from '#bff/auth/operator';
import { HttpProblem } from '#bff/http/http-problem';
import { createAddressPutAudit } from './address-put-audit';
import { applyArchive } from './archive-address';
import { putAddressSchema, type PutAddressDeps } from './put-address';
import { createAddressSaver } from './save-address';
import { applyAddressMemo, keepAddressMemo } from './set-address-memo';

type ApprovedChange = NonNullable<ApprovalRequest['address']>;

/**
 * An approved change of the book's own record of the entry `key` (its memo, or its return from
 * the archive), made now by the last approver: nothing goes upstream. Made again (the outbox), it
 * makes the same. Refused when the book no longer holds the entry.
 */
async function applyBookChange(
  deps: PutAddressDeps,
  change: ApprovedChange,
  key: string,
  operator: Operator,
  requestId: string,
): Promise<ApprovalSubmission> {
  const store = deps.store;
  let entry: AddressBookEntry | undefined;
  if (store && change.change === 'memo')
    entry = await applyAddressMemo(
      deps,
      key,
      change.memo === '' ? undefined : change.memo,
      operator,
      requestId,
    );
  else if (store && change.change === 'restore')
    entry = await applyArchive({ ...deps, store }, key, false, operator, requestId);
  if (entry) return { outcome: 'created', address: entry.upstream };
  return {
    outcome: 'refused',
    problem: {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'The address book no longer holds this entry: the approved change was not made.',
    },
  };
}

/**
 * The last approval of a held address change makes it as its initiator asked it. A PUT goes
 * through the same path as an unheld one (upstream upsert, address book, audit), then keeps an
 * address file's destination memo that waited with it: `created` when it was saved, `refused` or
 * `unknown` with the problem otherwise. A memo change or a return from the archive changes the
 * book's entry only (applyBookChange).
 */
export function createApprovedAddressSaver(deps: PutAddressDeps) {
  // Checked when it was asked; read back from our own record with the same schema.
  const schema = putAddressSchema(deps.environment);
  const save = createAddressSaver(deps, createAddressPutAudit(deps));
  return async (args: {
    change: ApprovedChange;
    target: string;
    savedBy: OperatorRef;
    operator: Operator;
    requestId: string;
  }): Promise<ApprovalSubmission> => {
    const { change, operator, requestId } = args;
    if (change.change === 'memo' || change.change === 'restore')
      return applyBookChange(deps, change, args.target, operator, requestId);
    const parsed = schema.safeParse(change.request);
    if (!parsed.success) {
      deps.logger.error({ req_id: requestId }, 'an approved address could not be read back');
      return { outcome: 'unknown' };
    }
    try {
      const saved = await save(parsed.data, operator, requestId, args.savedBy);
      if (change.memo !== undefined)
        await keepAddressMemo(
          deps,
          {
            crypto_network: parsed.data.crypto_network ?? saved.address.crypto_network ?? '',
            address: parsed.data.address ?? saved.address.address,
            identity_id: parsed.data.identity_id ?? undefined,
          },
          change.memo === '' ? undefined : change.memo,
          operator,
          requestId,
        ).catch((error: unknown) =>
          // The address is saved: only its memo is missing, which the editor's memo card sets.
          deps.logger.error(
            { err: error, req_id: requestId, alert: 'record_not_written' },
            'the destination memo of an approved address was not kept',
          ),
        );
      return { outcome: 'created', address: saved.address };
    } catch (error) {
      if (error instanceof HttpProblem)
        return {
          outcome: error.problem.status >= 500 ? 'unknown' : 'refused',
          problem: error.problem,
        };
      deps.logger.error({ err: error, req_id: requestId }, 'an approved address was not saved');
      return { outcome: 'unknown' };
    }
  };
}
