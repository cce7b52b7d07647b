import type { ApprovalSubmission } from '#contract/approvals';
import { requestHash } from '#contract/request-hash';
import type { Environment } from '#contract/session';
import { createSubmitWithdrawalRequestSchema } from '#contract/withdrawals';
import type { Operator } from '#bff/auth/operator';
import type { Logger } from '#bff/logger';
import type { AuditLog } from '#bff/store/ports';
import { auditOutcome, createSubmitAudit } from './withdrawal-audit';
import type { WithdrawalSubmitter } from './withdrawal-submitter';

/** Sends a withdrawal whose last approval claimed its ledger record (the attempt number). */
type ApprovedWithdrawalSender = (args: {
  refId: string;
  body: Record<string, unknown>;
  attempt: number;
  requestId: string;
  /** The approver whose approval was the last one (the audit event names them). */
  operator: Operator;
}) => Promise<ApprovalSubmission>;

interface ApprovedWithdrawalSenderDeps {
  environment: Environment;
  store: { audit: AuditLog };
  logger: Logger;
  /** The app's one submitter, the withdrawals route's own. */
  submitter: WithdrawalSubmitter;
}

/**
 * The last approval sends the held withdrawal through the submitter's own attempt path (send,
 * read by ref_id when unsure, interpret, record the outcome): the same exactly-once machinery as
 * a submit, never a second copy of it.
 */
export function createApprovedWithdrawalSender(
  deps: ApprovedWithdrawalSenderDeps,
): ApprovedWithdrawalSender {
  // The body was checked when it was submitted; it is read back from our own record here.
  const schema = createSubmitWithdrawalRequestSchema({
    allowTestnet: deps.environment.allow_testnet,
  });
  const audit = createSubmitAudit(deps.store.audit, deps.logger);

  return async ({ refId, body, attempt, requestId, operator }) => {
    const parsed = schema.safeParse(body);
    const result = parsed.success
      ? await deps.submitter.sendClaimed(parsed.data, attempt, requestId)
      : undefined;
    if (!result) {
      // Cannot happen for a body this BFF checked and stored; said plainly if it ever does.
      deps.logger.error({ ref_id: refId }, 'an approved withdrawal could not be sent');
      return { outcome: 'unknown' };
    }
    await audit({
      operator,
      requestId,
      target: refId,
      hash: requestHash(body),
      outcome: auditOutcome(result),
      upstreamStatus: result.upstreamStatus,
    });
    if (result.kind === 'created') return { outcome: 'created', transfer: result.transfer };
    return { outcome: result.kind, problem: result.problem.problem };
  };
}
