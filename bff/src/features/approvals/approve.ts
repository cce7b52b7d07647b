import type { RequestHandler } from 'express';
import { ApproveApprovalRequestSchema, type HeldForApprovalResponse } from '#contract/approvals';
import { approvalPerson } from '#bff/auth/operator';
import { attributionOf, stampAttribution } from '#bff/four-eyes/attribution';
import { withdrawalWithFee } from '#bff/four-eyes/decision-challenge';
import { approvalDestinationRefusal, requireApproverFor } from '#bff/gate/approval-gate';
import { feeQuoteRefusal } from '#bff/gate/fee-quote-gate';
import { approvalTravelRuleRefusal } from '#bff/gate/withdrawal-gate';
import type { Logger } from '#bff/logger';
import type { StoredApproval } from '#bff/store/approval-port';
import type { ApprovalService } from './approval-service';
import { sendApproved } from './approved-send';
import { refuseDecision } from './decision-refusal';
import { readDecisionRequest } from './decision-request';
import { signedDecision } from './signed-decision';

/**
 * The body the last approval sends for a held withdrawal: as held, with the approver's fee quote
 * (or none when `feeId` is null, or else the initiator's), stamped with the initiator's and every
 * approver's attribution.
 */
function approvedBody(
  stored: StoredApproval,
  feeId: string | null | undefined,
  logger: Logger,
): (approvers: string[]) => Record<string, unknown> {
  const { approval } = stored;
  return (approvers) => {
    // The approver's quote, or none (null), or else the initiator's as held: the same body a
    // passkey signature's request hash covers (four-eyes/decision-challenge.ts).
    const request = withdrawalWithFee(approval.withdrawal as Record<string, unknown>, feeId);
    const { body: sent, hashed } = stampAttribution(request, {
      initiator: stored.initiatorAttribution,
      approvers,
      requestId: stored.requestId,
    });
    if (hashed.length > 0)
      logger.warn(
        { ref_id: approval.target, keys: hashed, approvers },
        'attribution too long for the service metadata: sent as a hash',
      );
    return sent;
  };
}

/**
 * POST /api/approvals/:id/approve: the approver role of the request's kind, never on one's own
 * request. The gate's checks first (role, the destination of a withdrawal); the last approval
 * sends it, and the answer carries what sending came to.
 */
export function approveHandler(service: ApprovalService): RequestHandler {
  const { deps } = service;
  return async (req, res) => {
    const { operator, requestId, id, body, stored } = await readDecisionRequest(
      service,
      req,
      res,
      ApproveApprovalRequestSchema,
      'approval',
    );
    const { approval } = stored;
    requireApproverFor(operator, approval.kind);
    // The approver's quote must be one for this withdrawal (and never go with a total).
    const misquoted =
      approval.kind === 'withdrawal' && approval.withdrawal
        ? feeQuoteRefusal(deps.feeQuotes, {
            ...(approval.withdrawal as unknown as Parameters<typeof feeQuoteRefusal>[1]),
            fee_id: body.fee_id,
          })
        : undefined;
    if (misquoted) throw misquoted;
    const refusal = deps.destinations
      ? ((await approvalDestinationRefusal(
          deps.destinations,
          deps.config.approvalPolicy,
          approval,
        )) ??
        (await approvalTravelRuleRefusal(
          { destinations: deps.destinations, prices: deps.usdPrices },
          approval,
        )))
      : undefined;
    if (refusal) {
      await service.audit('approval.approve', operator, approval, 'refused-destination', requestId);
      throw refusal;
    }
    // The approver's own passkey signed exactly this approval (where the policy requires it).
    const signature = await signedDecision(service, {
      req,
      operator,
      stored,
      intent: { decision: 'approve', fee_id: body.fee_id },
      passkey: body.passkey,
      action: 'approval.approve',
      requestId,
    });

    const result = await service.approvals().decide(id, {
      kind: 'approve',
      operator: approvalPerson(operator),
      attribution: attributionOf(operator, deps.config.approvalAttribution),
      // The last approval holds the send (the outbox) and a withdrawal's attempt for this lease.
      claim: { requestId, leaseMs: deps.config.attemptLeaseMs },
      ...(signature ? { signature } : {}),
      ...(approval.kind === 'withdrawal' && approval.withdrawal
        ? { sentRequest: approvedBody(stored, body.fee_id, deps.logger) }
        : {}),
    });
    if (result.refused !== undefined)
      return refuseDecision(service, result, {
        action: 'approval.approve',
        operator,
        stored,
        requestId,
        verb: 'approved',
      });

    const decided = result.approval.approval;
    await service.audit(
      'approval.approve',
      operator,
      decided,
      decided.status,
      requestId,
      signature?.credentialId,
    );
    const submission = await sendApproved(service, result, { stored, operator, requestId });
    const after = (await service.approvals().get(id)) ?? result.approval;
    if (after.approval.status !== 'pending') service.notifyDecided(after.approval);
    const answer: HeldForApprovalResponse = {
      approval: after.approval,
      ...(submission ? { submission } : {}),
    };
    res.status(200).json(answer);
  };
}
