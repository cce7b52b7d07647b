import type { RequestHandler } from 'express';
import { CancelApprovalRequestSchema } from '#contract/approvals';
import { approvalPerson } from '#bff/auth/operator';
import type { ApprovalService } from './approval-service';
import { answerDecisionThatSendsNothing, readDecisionRequest } from './decision-request';

/**
 * POST /api/approvals/:id/cancel: only its initiator (the store decides who that is, under the
 * request's lock), with an optional reason. Nothing is sent.
 */
export function cancelHandler(service: ApprovalService): RequestHandler {
  return async (req, res) => {
    const { operator, requestId, id, body, stored } = await readDecisionRequest(
      service,
      req,
      res,
      CancelApprovalRequestSchema,
      'cancellation',
    );
    const reason = body.reason?.trim();
    const result = await service.approvals().decide(id, {
      kind: 'cancel',
      operator: approvalPerson(operator),
      ...(reason ? { reason } : {}),
    });
    return answerDecisionThatSendsNothing(service, res, result, {
      action: 'approval.cancel',
      operator,
      stored,
      requestId,
      verb: 'cancelled',
    });
  };
}
