import type {
  ApprovalPolicy,
  ApprovalRequirement,
  HeldForApprovalResponse,
} from '#contract/approvals';
import { AWAITING_APPROVAL, refIdReusedProblem } from '#contract/withdrawal-outcome';
import type { SubmitWithdrawalRequest } from '#contract/withdrawals';
import { approvalPerson, type Operator } from '#bff/auth/operator';
import { announceApprovalRequested } from '#bff/four-eyes/approval-requested';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import { newApprovalId } from '#bff/four-eyes/new-approval-id';
import { HttpProblem } from '#bff/http/http-problem';
import type { Logger } from '#bff/logger';
import type { ApprovalStore } from '#bff/store/approval-port';
import type { AuditLog } from '#bff/store/audit-log-port';
import type { SubmitAudit } from './withdrawal-audit';
import { intentHash } from './submit-intent';
import { operatorRef } from '#contract/operator-ref';

interface HoldWithdrawalDeps {
  approvals: ApprovalStore;
  policy: ApprovalPolicy;
  audit: AuditLog;
  submitAudit: SubmitAudit;
  logger: Logger;
  approvalNotifier?: ApprovalNotifier | undefined;
}

interface HoldRequest {
  request: SubmitWithdrawalRequest;
  /** The request's hash as the audit trail records it (with its fee_id). */
  hash: string;
  operator: Operator;
  /** The initiator's attribution, stamped on the body when the last approval sends it. */
  initiator: string;
  requestId: string;
  requirement: ApprovalRequirement;
}

/** The answer for a withdrawal held for approval (HTTP 202), read back from the store. */
export async function heldAnswer(
  approvals: ApprovalStore,
  approvalId: string,
): Promise<HeldForApprovalResponse> {
  const stored = await approvals.get(approvalId);
  if (!stored) throw new Error(`approval ${approvalId} is not recorded`);
  return { approval: stored.approval };
}

/**
 * Holds a withdrawal the policy asks approvals for: its ledger record ("awaiting_approval") and
 * its approval request in one write, then the 202 answer. The same request again answers the same
 * held request; a different request under its ref_id is refused (422). Undefined when the ledger
 * already holds it as sent (or sent under an earlier policy): the submitter answers from the
 * record or checks it again with the same ref_id.
 */
export async function holdWithdrawal(
  deps: HoldWithdrawalDeps,
  hold: HoldRequest,
): Promise<HeldForApprovalResponse | undefined> {
  const { request, hash, operator, requestId, requirement } = hold;
  const recordedBy = operatorRef(operator);
  const outcome = await deps.approvals.holdWithdrawal(
    { refId: request.ref_id, operator: recordedBy, requestHash: intentHash(request), request },
    {
      id: newApprovalId(),
      kind: 'withdrawal',
      target: request.ref_id,
      initiator: approvalPerson(operator),
      initiatorAttribution: hold.initiator,
      requestId,
      requiredApprovals: requirement.approvals,
      reason: requirement.reason,
      payload: request,
      ttlMinutes: deps.policy.request_ttl_minutes,
    },
  );
  const audited = (outcome: 'awaiting_approval' | 'held' | 'conflict') =>
    deps.submitAudit({ operator, requestId, target: request.ref_id, hash, outcome });
  if (outcome.inserted) {
    const answer = await heldAnswer(deps.approvals, outcome.approval.approval.id);
    await audited(AWAITING_APPROVAL);
    await announceApprovalRequested(deps, { operator, approval: answer.approval, requestId });
    return answer;
  }
  const record = outcome.record;
  if (record.request_hash !== intentHash(request) && record.request_hash !== hash) {
    await audited('conflict');
    throw new HttpProblem(refIdReusedProblem(request.ref_id));
  }
  if (
    record.approval_id !== undefined &&
    (record.status === AWAITING_APPROVAL || record.status === 'not_sent')
  ) {
    const answer = await heldAnswer(deps.approvals, record.approval_id);
    await audited('held');
    return answer;
  }
  return undefined;
}
