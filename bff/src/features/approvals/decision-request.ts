import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { HeldForApprovalResponse } from '#contract/approvals';
import { fieldErrorsFromZod } from '#contract/problem';
import { getOperator, type Operator } from '#bff/auth/operator';
import { badRequest } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import type { DecisionResult, StoredApproval } from '#bff/store/approval-port';
import { approvalIdOf, type ApprovalService } from './approval-service';
import { refuseDecision, type DecisionContext } from './decision-refusal';

/** A decision on one held request as its handler reads it, before anything is decided. */
interface DecisionRequest<Body> {
  operator: Operator;
  requestId: string;
  /** The held request's id (the path's). */
  id: string;
  body: Body;
  stored: StoredApproval;
}

/**
 * What every decision (approve, reject, cancel, a passkey challenge for one) reads first, in this
 * order: the caller, the request id, the held request's id (a 404 when it cannot be one), the
 * body (a 400 "The <what> is not valid." naming the fields) and the request as stored (a 404).
 */
export async function readDecisionRequest<Body>(
  service: ApprovalService,
  req: Request,
  res: Response,
  schema: z.ZodType<Body>,
  what: string,
): Promise<DecisionRequest<Body>> {
  const operator = getOperator(res);
  const requestId = requestIdOf(req, res);
  const id = approvalIdOf(req);
  const body = schema.safeParse(req.body ?? {});
  if (!body.success) throw badRequest(`The ${what} is not valid.`, fieldErrorsFromZod(body.error));
  const stored = await service.load(id);
  return { operator, requestId, id, body: body.data, stored };
}

/**
 * The end of a decision that sends nothing (reject, cancel): the store's refusal as its problem,
 * or else the decided request audited with the decision as its outcome, told, and answered.
 */
export async function answerDecisionThatSendsNothing(
  service: ApprovalService,
  res: Response,
  result: DecisionResult,
  /** Its verb is the audit event's outcome too ("rejected", "cancelled"). */
  context: DecisionContext & {
    /** The passkey that signed the decision, if one did. */
    passkeyId?: string;
  },
): Promise<void> {
  if (result.refused !== undefined) return refuseDecision(service, result, context);
  const decided = result.approval.approval;
  await service.audit(
    context.action,
    context.operator,
    decided,
    context.verb,
    context.requestId,
    context.passkeyId,
  );
  service.notifyDecided(decided);
  const answer: HeldForApprovalResponse = { approval: decided };
  res.status(200).json(answer);
}
