import type { ApprovalSubmission } from '#contract/approvals';
import type { OperatorRef } from '#contract/operator-ref';
import type { Operator } from '#bff/auth/operator';
import { HttpProblem } from '#bff/http/http-problem';
import { createAddressPutAudit } from './address-put-audit';
import { putAddressSchema, type PutAddressDeps } from './put-address';
import { createAddressSaver } from './save-address';
import { keepAddressMemo } from './set-address-memo';

/**
 * The last approval of a held address sends the PUT as the initiator asked it, through the same
 * path as an unheld one (upstream upsert, address book, audit), then keeps an address file's
 * destination memo that waited with it: `created` when it was saved, `refused` or `unknown` with
 * the problem otherwise.
 */
export function createApprovedAddressSaver(deps: PutAddressDeps) {
  // Checked when it was asked; read back from our own record with the same schema.
  const schema = putAddressSchema(deps.environment);
  const save = createAddressSaver(deps, createAddressPutAudit(deps));
  return async (args: {
    request: Record<string, unknown>;
    memo?: string | undefined;
    savedBy: OperatorRef;
    operator: Operator;
    requestId: string;
  }): Promise<ApprovalSubmission> => {
    const parsed = schema.safeParse(args.request);
    if (!parsed.success) {
      deps.logger.error({ req_id: args.requestId }, 'an approved address could not be read back');
      return { outcome: 'unknown' };
    }
    try {
      const saved = await save(parsed.data, args.operator, args.requestId, args.savedBy);
      if (args.memo !== undefined)
        await keepAddressMemo(
          deps,
          {
            crypto_network: parsed.data.crypto_network ?? saved.address.crypto_network ?? '',
            address: parsed.data.address ?? saved.address.address,
            identity_id: parsed.data.identity_id ?? undefined,
          },
          args.memo === '' ? undefined : args.memo,
          args.operator,
          args.requestId,
        ).catch((error: unknown) =>
          // The address is saved: only its memo is missing, which the editor's memo card sets.
          deps.logger.error(
            { err: error, req_id: args.requestId, alert: 'record_not_written' },
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
      deps.logger.error(
        { err: error, req_id: args.requestId },
        'an approved address was not saved',
      );
      return { outcome: 'unknown' };
    }
  };
}
