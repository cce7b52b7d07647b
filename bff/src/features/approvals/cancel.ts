import type { RequestHandler } from 'express';
import { CancelApprovalRequestSchema, type HeldForApprovalResponse } from '#contract/approvals';
import { fieldErrorsFromZod } from '#contract/problem';
import { approvalPerson, getOperator } from '#bff/auth/operator';
import { badRequest } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import { approvalIdOf, type ApprovalService } from './approval-service';
import { refuseDecision } from './decision-refusal';

/**
 * POST /api/approvals/:id/cancel: only its initiator (the store decides who that is, under the
 * request's lock), with an optional reason. Nothing is sent.
 */
export function cancelHandler(service: ApprovalService): RequestHandler {
  return async (req, res) => {
    const operator = getOperator(res);
    const requestId = requestIdOf(req, res);
    const id = approvalIdOf(req);
    const body = CancelApprovalRequestSchema.safeParse(req.body ?? {});
    if (!body.success)
      throw badRequest('The cancellation is not valid.', fieldErrorsFromZod(body.error));
    const stored = await service.load(id);
    const reason = body.data.reason?.trim();
    const result = await service.approvals().decide(id, {
      kind: 'cancel',
      operator: approvalPerson(operator),
      ...(reason ? { reason } : {}),
    });
    if (result.refused !== undefined)
      return refuseDecision(service, result, {
        action: 'approval.cancel',
        operator,
        stored,
        requestId,
        verb: 'cancelled',
      });
    const decided = result.approval.approval;
    await service.audit('approval.cancel', operator, decided, 'cancelled', requestId);
    service.notifyDecided(decided);
    const answer: HeldForApprovalResponse = { approval: decided };
    res.status(200).json(answer);
  };
}
