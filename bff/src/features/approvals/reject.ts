import type { RequestHandler } from 'express';
import { RejectApprovalRequestSchema } from '#contract/approvals';
import { approvalPerson } from '#bff/auth/operator';
import { requireApproverFor } from '#bff/gate/approval-gate';
import type { ApprovalService } from './approval-service';
import { answerDecisionThatSendsNothing, readDecisionRequest } from './decision-request';
import { signedDecision } from './signed-decision';

/**
 * POST /api/approvals/:id/reject: the approver role of the request's kind, with a reason, never
 * on one's own request (its initiator cancels it instead). Nothing is sent.
 */
export function rejectHandler(service: ApprovalService): RequestHandler {
  return async (req, res) => {
    const { operator, requestId, id, body, stored } = await readDecisionRequest(
      service,
      req,
      res,
      RejectApprovalRequestSchema,
      'rejection',
    );
    requireApproverFor(operator, stored.approval.kind);
    // The approver's own passkey signed exactly this rejection (where the policy requires it).
    const signature = await signedDecision(service, {
      req,
      operator,
      stored,
      intent: { decision: 'reject', reason: body.reason },
      passkey: body.passkey,
      action: 'approval.reject',
      requestId,
    });
    const result = await service.approvals().decide(id, {
      kind: 'reject',
      operator: approvalPerson(operator),
      reason: body.reason,
      ...(signature ? { signature } : {}),
    });
    return answerDecisionThatSendsNothing(service, res, result, {
      action: 'approval.reject',
      operator,
      stored,
      requestId,
      verb: 'rejected',
      ...(signature ? { passkeyId: signature.credentialId } : {}),
    });
  };
}
