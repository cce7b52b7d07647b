import type { RequestHandler } from 'express';
import { RejectApprovalRequestSchema, type HeldForApprovalResponse } from '#contract/approvals';
import { fieldErrorsFromZod } from '#contract/problem';
import { approvalPerson, getOperator } from '#bff/auth/operator';
import { requireApproverFor } from '#bff/gate/approval-gate';
import { badRequest } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import { approvalIdOf, type ApprovalService } from './approval-service';
import { refuseDecision } from './decision-refusal';
import { signedDecision } from './signed-decision';

/**
 * POST /api/approvals/:id/reject: the approver role of the request's kind, with a reason, never
 * on one's own request (its initiator cancels it instead). Nothing is sent.
 */
export function rejectHandler(service: ApprovalService): RequestHandler {
  return async (req, res) => {
    const operator = getOperator(res);
    const requestId = requestIdOf(req, res);
    const id = approvalIdOf(req);
    const body = RejectApprovalRequestSchema.safeParse(req.body ?? {});
    if (!body.success)
      throw badRequest('The rejection is not valid.', fieldErrorsFromZod(body.error));
    const stored = await service.load(id);
    requireApproverFor(operator, stored.approval.kind);
    // The approver's own passkey signed exactly this rejection (where the policy requires it).
    const signature = await signedDecision(service, {
      req,
      operator,
      stored,
      intent: { decision: 'reject', reason: body.data.reason },
      passkey: body.data.passkey,
      action: 'approval.reject',
      requestId,
    });
    const result = await service.approvals().decide(id, {
      kind: 'reject',
      operator: approvalPerson(operator),
      reason: body.data.reason,
      ...(signature ? { signature } : {}),
    });
    if (result.refused !== undefined)
      return refuseDecision(service, result, {
        action: 'approval.reject',
        operator,
        stored,
        requestId,
        verb: 'rejected',
      });
    const decided = result.approval.approval;
    await service.audit(
      'approval.reject',
      operator,
      decided,
      'rejected',
      requestId,
      signature?.credentialId,
    );
    service.notifyDecided(decided);
    const answer: HeldForApprovalResponse = { approval: decided };
    res.status(200).json(answer);
  };
}
