import { Router } from 'express';
import { ListApprovalsQuerySchema } from '#contract/approvals';
import { fieldErrorsFromZod } from '#contract/problem';
import {
  APPROVER_ROLES,
  READ_LEDGER_ROLES,
  REQUESTER_ROLES,
  requireRole,
} from '#bff/auth/require-role';
import { badRequest } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import { approvalTravelRuleRefusal } from '#bff/gate/withdrawal-gate';
import { InvalidCursorError } from '#bff/store/cursor';
import { approvalIdOf, createApprovalService, type ApprovalsDeps } from './approval-service';
import { approveHandler } from './approve';
import { createApprovedSendSender } from './approved-send-sender';
import { cancelHandler } from './cancel';
import { decisionChallengeHandler } from './decision-challenge-handler';
import { rejectHandler } from './reject';
import { signaturesHandler } from './signatures-handler';

/** How often the outbox's sender looks for approved sends whose approver stopped. */
const APPROVED_SEND_INTERVAL_MS = 15_000;

/**
 * The four-eyes queue and its decisions. GET /api/approvals and /api/approvals/:id (every role
 * that reads the ledger); POST /api/approvals/:id/approve and /reject (the approver role of the
 * request's kind, never on one's own request); POST /api/approvals/:id/cancel (its initiator).
 * In `deps.background`, the outbox's sender finishes approved sends whose approver stopped.
 */
export function createApprovalsRouter(deps: ApprovalsDeps): Router {
  const service = createApprovalService(deps);
  if (deps.background && deps.store.approvals)
    deps.background.add(
      createApprovedSendSender(service, {
        intervalMs: APPROVED_SEND_INTERVAL_MS,
        leaseMs: deps.config.attemptLeaseMs,
      }),
    );
  const router = Router();

  router.get('/approvals', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const query = ListApprovalsQuerySchema.safeParse(req.query);
    if (!query.success)
      throw badRequest('The filters are not valid.', fieldErrorsFromZod(query.error));
    await service.sweep(requestIdOf(req, res));
    try {
      res.json(await service.approvals().list(query.data));
    } catch (error) {
      if (error instanceof InvalidCursorError)
        throw badRequest(error.message, [{ path: 'cursor', message: error.message }]);
      throw error;
    }
  });

  router.get('/approvals/:id', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const id = approvalIdOf(req);
    await service.sweep(requestIdOf(req, res));
    const { approval } = await service.load(id);
    // What Approve would meet now (the approve handler's own check), so none is offered in vain.
    const refusal = deps.destinations
      ? await approvalTravelRuleRefusal(
          { destinations: deps.destinations, prices: deps.usdPrices },
          approval,
        )
      : undefined;
    res.json(
      refusal
        ? {
            ...approval,
            approve_refusal: {
              title: refusal.problem.title,
              detail: refusal.problem.detail ?? refusal.problem.title,
            },
          }
        : approval,
    );
  });

  // Each signed decision's passkey assertion, verified again now (anyone who reads the ledger).
  router.get(
    '/approvals/:id/signatures',
    requireRole(...READ_LEDGER_ROLES),
    signaturesHandler(service),
  );

  // Every route names its roles (route-roles.test.ts); each handler then checks the kind's role.
  // A passkey-signed decision asks for its single-use challenge first (signed-decision.ts).
  router.post(
    '/approvals/:id/challenge',
    requireRole(...APPROVER_ROLES),
    decisionChallengeHandler(service),
  );
  router.post('/approvals/:id/approve', requireRole(...APPROVER_ROLES), approveHandler(service));
  router.post('/approvals/:id/reject', requireRole(...APPROVER_ROLES), rejectHandler(service));
  router.post('/approvals/:id/cancel', requireRole(...REQUESTER_ROLES), cancelHandler(service));
  return router;
}
