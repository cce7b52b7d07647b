import type { ApprovalSubmission } from '#contract/approvals';
import { requestHash } from '#contract/request-hash';
import type { OperatorRef } from '#contract/operator-ref';
import type { Environment } from '#contract/session';
import { createSubmitWithdrawalRequestSchema } from '#contract/withdrawals';
import type { Operator } from '#bff/auth/operator';
import type { Logger } from '#bff/logger';
import type { AuditLog } from '#bff/store/audit-log-port';
import type { SentResult } from './submit-result';
import { auditOutcome, createSubmitAudit } from './withdrawal-audit';
import type { WithdrawalSubmitter } from './withdrawal-submitter';

/** The initiator who asked for the withdrawal and the approvers who agreed to it. */
interface Attribution {
  initiator: OperatorRef;
  approvers: OperatorRef[];
}

interface ApprovedWithdrawalSenderDeps {
  environment: Environment;
  store: { audit: AuditLog };
  logger: Logger;
  /** The app's one submitter, the withdrawals route's own. */
  submitter: WithdrawalSubmitter;
}

/**
 * An approved withdrawal's send, through the submitter's own attempt path (send, read by ref_id
 * when unsure, interpret, record the outcome): the same exactly-once machinery as a submit, never
 * a second copy of it. `send`: the last approval sends the withdrawal whose ledger record it
 * claimed (the attempt number). `resume`: the approved-send sender finishes one whose approver
 * stopped before recording what came of it (undefined while another attempt holds it).
 */
export function createApprovedWithdrawalSender(deps: ApprovedWithdrawalSenderDeps) {
  // The body was checked when it was submitted; it is read back from our own record here.
  const schema = createSubmitWithdrawalRequestSchema({
    allowTestnet: deps.environment.allow_testnet,
  });
  const audit = createSubmitAudit(deps.store.audit, deps.logger);

  /**
   * One audit event for what the send came to, and the approval's view of it. The withdrawal is
   * its initiator's (who asked for it, under the withdrawal-initiator role the submit required);
   * the approvers are named beside them, whoever's approval (or the sender) sent it.
   */
  async function submissionOf(
    result: SentResult,
    args: { refId: string; body: unknown; requestId: string; attribution: Attribution },
  ): Promise<ApprovalSubmission> {
    const { initiator, approvers } = args.attribution;
    await audit({
      operator: { ...initiator, roles: ['withdrawal-initiator'] },
      approvedBy: approvers,
      requestId: args.requestId,
      target: args.refId,
      hash: requestHash(args.body ?? null),
      outcome: auditOutcome(result),
      upstreamStatus: result.upstreamStatus,
    });
    if (result.kind === 'created') return { outcome: 'created', transfer: result.transfer };
    return { outcome: result.kind, problem: result.problem.problem };
  }

  return {
    async send(args: {
      refId: string;
      body: Record<string, unknown>;
      attempt: number;
      requestId: string;
      /** The approver whose approval was the last one. */
      operator: Operator;
      /** Whose withdrawal it is and who approved it (the audit event names them). */
      attribution: Attribution;
    }): Promise<ApprovalSubmission> {
      const parsed = schema.safeParse(args.body);
      if (!parsed.success) {
        // Cannot happen for a body this BFF checked and stored; said plainly if it ever does.
        deps.logger.error({ ref_id: args.refId }, 'an approved withdrawal could not be sent');
        return { outcome: 'unknown' };
      }
      const result = await deps.submitter.sendClaimed(parsed.data, args.attempt, args.requestId);
      return submissionOf(result, args);
    },

    async resume(args: {
      refId: string;
      requestId: string;
      /** Who finishes it (the sender: "system"). */
      operator: Operator;
      attribution: Attribution;
    }): Promise<ApprovalSubmission | undefined> {
      const resumed = await deps.submitter.resume(args.refId, args.requestId);
      if (!resumed) return undefined;
      return submissionOf(resumed.result, { ...args, body: resumed.body });
    },
  };
}
