import type { HeldForApprovalResponse } from '#contract/approvals';
import { createSubmitWithdrawalRequestSchema } from '#contract/withdrawals';
import type { Operator } from '#bff/auth/operator';
import { persistWithRetry } from '#bff/lib/persist-with-retry';
import { requestHash } from '#bff/lib/request-hash';
import { auditOutcome, transferLookup, type WithdrawalsRouterDeps } from './withdrawals-router';
import { createWithdrawalSubmitter } from './withdrawal-submitter';

export type Submission = NonNullable<HeldForApprovalResponse['submission']>;

/** Sends a withdrawal whose last approval claimed its ledger record (the attempt number). */
export type ApprovedWithdrawalSender = (args: {
  refId: string;
  body: Record<string, unknown>;
  attempt: number;
  requestId: string;
  /** The approver whose approval was the last one (the audit event names them). */
  operator: Operator;
}) => Promise<Submission>;

/**
 * The last approval sends the held withdrawal through the submitter's own attempt path (send,
 * read by ref_id when unsure, interpret, record the outcome): the same exactly-once machinery as
 * a submit, never a second copy of it.
 */
export function createApprovedWithdrawalSender(
  deps: WithdrawalsRouterDeps,
): ApprovedWithdrawalSender {
  const submitter = createWithdrawalSubmitter({
    ledger: deps.store.ledger,
    upstream: deps.upstream,
    tuning: deps.config.upstreamTuning,
    logger: deps.logger,
    ...(deps.companion ? { lookup: transferLookup(deps.companion, deps.upstream) } : {}),
  });
  // The body was checked when it was submitted; it is read back from our own record here.
  const schema = createSubmitWithdrawalRequestSchema({
    allowTestnet: deps.environment.allow_testnet,
  });

  return async ({ refId, body, attempt, requestId, operator }) => {
    const parsed = schema.safeParse(body);
    const result = parsed.success
      ? await submitter.sendClaimed(parsed.data, attempt, requestId)
      : undefined;
    if (!result || result.kind === 'held' || result.kind === 'conflict') {
      // Cannot happen for a body this BFF checked and stored; said plainly if it ever does.
      deps.logger.error({ ref_id: refId }, 'an approved withdrawal could not be sent');
      return { outcome: 'unknown' };
    }
    await persistWithRetry(
      () =>
        deps.store.audit.append({
          operator_subject: operator.subject,
          roles: operator.roles,
          action: 'withdrawal.submit',
          target: refId,
          request_hash: requestHash(body),
          outcome: auditOutcome(result),
          ...(result.upstreamStatus !== undefined
            ? { upstream_status: result.upstreamStatus }
            : {}),
          request_id: requestId,
        }),
      {
        logger: deps.logger,
        what: 'audit event',
        fields: { req_id: requestId, action: 'withdrawal.submit', target: refId },
      },
    );
    if (result.kind === 'created') return { outcome: 'created', transfer: result.transfer };
    return { outcome: result.kind, problem: result.problem.problem };
  };
}
