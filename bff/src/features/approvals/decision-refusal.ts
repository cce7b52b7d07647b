import type { Operator } from '#bff/auth/operator';
import type { ApprovalAuditAction } from '#bff/four-eyes/approval-audit';
import { HttpProblem } from '#bff/http/http-problem';
import type { DecisionResult, StoredApproval } from '#bff/store/approval-port';
import { notFound, type ApprovalService } from './approval-service';

/** A decision the store refused to take, and why. */
type RefusedDecision = Exclude<DecisionResult, { refused?: undefined }>;

/** One decision on a held request: what its audit events and refusals name. */
export interface DecisionContext {
  action: ApprovalAuditAction;
  operator: Operator;
  stored: StoredApproval;
  requestId: string;
  /** The decision in words ("approved", "rejected", "cancelled"). */
  verb: string;
}

/** The refusal of a decision as a problem, audited like the decision would have been. */
export async function refuseDecision(
  service: ApprovalService,
  result: RefusedDecision,
  context: DecisionContext,
): Promise<never> {
  const { stored, requestId, operator } = context;
  const audit = (outcome: string) =>
    service.audit(context.action, operator, stored.approval, outcome, requestId);
  switch (result.refused) {
    case 'not_found':
      throw notFound(stored.approval.id);
    case 'expired':
      // The decision found it expired: that expiry is recorded (and told) like a sweep's.
      await service.audit(
        'approval.expire',
        operator,
        result.approval.approval,
        'expired',
        requestId,
      );
      service.notifyDecided(result.approval.approval);
      throw new HttpProblem({
        title: 'Conflict',
        status: 409,
        detail: `This request expired at ${result.approval.approval.expires_at}: it can no longer be ${context.verb}; nothing was sent.`,
        approval_status: 'expired',
      });
    case 'not_pending':
      await audit(`refused-${result.status}`);
      throw new HttpProblem({
        title: 'Conflict',
        status: 409,
        detail: `This request is ${result.status}: it can no longer be ${context.verb}.`,
        approval_status: result.status,
      });
    case 'self':
      await audit('refused-self');
      throw new HttpProblem({
        title: 'Forbidden',
        status: 403,
        detail:
          context.action === 'approval.reject'
            ? 'You cannot reject your own request: cancel it instead.'
            : 'Self-approval is not allowed: another person must approve your request.',
      });
    case 'twice':
      await audit('refused-twice');
      throw new HttpProblem({
        title: 'Conflict',
        status: 409,
        detail: 'You have already approved this request: another person must approve it.',
      });
    case 'not_initiator':
      await audit('refused-not-initiator');
      throw new HttpProblem({
        title: 'Forbidden',
        status: 403,
        detail: 'Only the person who made the request may cancel it.',
      });
  }
}
