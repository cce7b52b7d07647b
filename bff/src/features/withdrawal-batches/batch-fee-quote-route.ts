import type { Router } from 'express';
import { requireRole } from '#bff/auth/require-role';
import { HttpProblem } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import { quoteBatchFees } from './batch-fee-quotes';
import { batchIdParam } from './batch-params';
import type { BatchRouteContext } from './batch-route-context';

/** The batches whose review is read: not yet sent (its initiator's, its approver's). */
const UNDER_REVIEW = ['draft', 'awaiting_approval'];

/**
 * POST /api/withdrawal-batches/:id/fee-quotes (withdrawal-initiator or withdrawal-approver: the
 * two who read the review): a fee quote per row for the review, information only (the quotes'
 * ids are not handed out; no row is sent with one). A POST: each quote is made at the service.
 * 409 once the batch is on its way (its rows pay the network fee as they are sent).
 */
export function mountBatchFeeQuoteRoute(router: Router, ctx: BatchRouteContext): void {
  const { deps, load } = ctx;
  router.post(
    '/withdrawal-batches/:id/fee-quotes',
    requireRole('withdrawal-initiator', 'withdrawal-approver'),
    async (req, res) => {
      const id = batchIdParam(req);
      const stored = await load(id);
      if (!UNDER_REVIEW.includes(stored.batch.status))
        throw new HttpProblem({
          title: 'Conflict',
          status: 409,
          detail: `A ${stored.batch.status} batch is not under review: its rows pay the network fee at the time each is sent.`,
        });
      res.json(
        await quoteBatchFees(
          { upstream: deps.upstream, companion: deps.companion, logger: deps.logger },
          id,
          stored.rows,
          requestIdOf(req, res),
        ),
      );
    },
  );
}
