import type { ApprovalRequest } from '#contract/approvals';
import type { DecisionRights } from './decision-rights';

/**
 * The BFF's own word that Approve would be refused now (`approve_refusal`, e.g. the service would
 * refuse the withdrawal for missing Travel Rule data): no Approve is offered, Reject still is.
 */
export function withApproveRefusal(
  rights: DecisionRights,
  request: Pick<ApprovalRequest, 'approve_refusal'>,
): DecisionRights {
  return request.approve_refusal && rights.approve ? { ...rights, approve: false } : rights;
}
