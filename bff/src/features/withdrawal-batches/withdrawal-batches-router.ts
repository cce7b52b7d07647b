import { Router } from 'express';
import { mountBatchActionRoutes } from './batch-action-routes';
import { mountBatchFeeQuoteRoute } from './batch-fee-quote-route';
import { mountBatchFileRoutes } from './batch-file-routes';
import { createBatchRouteContext, type WithdrawalBatchesDeps } from './batch-route-context';
import { createBatchSender } from './batch-sender';

/**
 * How often the batch sender looks for rows to send (and approvals to start) while it finds
 * some; after a round that found nothing it waits the idle interval, unless this process starts
 * or resumes a batch, or decides an approval (it is woken then). A batch started or approved
 * on another instance is found within the idle interval.
 */
const SENDER_INTERVAL_MS = 250;
const SENDER_IDLE_INTERVAL_MS = 2_000;

/**
 * Batch withdrawals from CSV (issue 28): the file's routes (upload, read, report), the batch's
 * steps (submit, pause, resume, cancel, drop, check again), the review's fee quotes, and in `deps.background` the batch
 * sender, which sends every row through the one withdrawal submit.
 */
export function createWithdrawalBatchesRouter(deps: WithdrawalBatchesDeps): Router {
  const sender =
    deps.store.withdrawalBatches && deps.background
      ? createBatchSender({
          batches: deps.store.withdrawalBatches,
          approvals: deps.store.approvals,
          submitRow: deps.submitRow,
          logger: deps.logger,
          leaseMs: deps.config.attemptLeaseMs,
          intervalMs: SENDER_INTERVAL_MS,
          idleIntervalMs: SENDER_IDLE_INTERVAL_MS,
        })
      : undefined;
  if (sender) deps.background!.add(sender, { wokenByDecisions: true });
  const ctx = createBatchRouteContext(deps, () => sender?.wake());
  const router = Router();
  mountBatchFileRoutes(router, ctx);
  mountBatchActionRoutes(router, ctx);
  mountBatchFeeQuoteRoute(router, ctx);
  return router;
}
