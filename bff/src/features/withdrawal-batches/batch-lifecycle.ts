import { BatchApprovalSummarySchema } from '#contract/withdrawal-batches';
import type { Logger } from '#bff/logger';
import type { ApprovalStore } from '#bff/store/approval-port';
import type { WithdrawalBatchStore } from '#bff/store/withdrawal-batch-port';
import { batchHashOf } from './submit-batch';

// A batch's life around its rows, each round of the batch sender: held → sending when its one
// approval was approved (and is the batch as it stands: same hash), → not sent when it was
// refused; sending → done when no row is left, with what came of it told to its approval.

interface LifecycleDeps {
  batches: WithdrawalBatchStore;
  approvals?: ApprovalStore | undefined;
  logger: Logger;
}

/** The approvals of awaiting batches: approved ones start, refused ones end not sent. */
export async function startApprovedBatches(deps: LifecycleDeps): Promise<void> {
  const { batches, logger } = deps;
  if (!deps.approvals) return;
  for (const waiting of await batches.awaitingApproval()) {
    const stored = await deps.approvals.get(waiting.approvalId);
    const status = stored?.approval.status;
    if (status === 'pending') continue;
    if (status !== 'approved') {
      await batches.cancel(waiting.id, ['awaiting_approval'], 'not_sent');
      continue;
    }
    const batch = await batches.get(waiting.id);
    const summary = BatchApprovalSummarySchema.safeParse(stored?.approval.batch);
    const hash = batch ? batchHashOf(batch.rows) : undefined;
    if (!summary.success || summary.data.batch_hash !== hash || batch?.batch.batchHash !== hash) {
      logger.error(
        { batch_id: waiting.id },
        'an approved batch is not the batch approved: not sent',
      );
      await batches.cancel(waiting.id, ['awaiting_approval'], 'not_sent');
      continue;
    }
    await batches.transition(waiting.id, ['awaiting_approval'], 'sending');
  }
}

/** Batches with nothing left to send are done; their approval records what came of them. */
export async function finishBatches(deps: LifecycleDeps): Promise<void> {
  const { batches, logger } = deps;
  for (const id of await batches.finishDone()) {
    const done = await batches.get(id);
    const approvalId = done?.batch.approvalId;
    if (!done || !approvalId || !deps.approvals) continue;
    const counts: Record<string, number> = {};
    for (const r of done.rows) counts[r.state] = (counts[r.state] ?? 0) + 1;
    const detail = Object.entries(counts)
      .map(([state, n]) => `${n} ${state}`)
      .join(', ');
    await deps.approvals
      .recordSent(
        approvalId,
        counts.created === done.rows.length ? 'created' : 'partial',
        `batch sent: ${detail}`,
      )
      .catch((err: unknown) =>
        logger.error({ err, approval_id: approvalId }, 'could not record the batch outcome'),
      );
  }
}
