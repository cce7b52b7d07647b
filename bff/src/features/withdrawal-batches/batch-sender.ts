import { randomUUID } from 'node:crypto';
import type { Role } from '#contract/session';
import type { Operator } from '#bff/auth/operator';
import { HttpProblem } from '#bff/http/http-problem';
import { createPeriodicTask, type PeriodicTask } from '#bff/lib/periodic-task';
import type { Logger } from '#bff/logger';
import type { ApprovalStore } from '#bff/store/approval-port';
import type {
  BatchRowOutcome,
  ClaimedBatchRow,
  WithdrawalBatchStore,
} from '#bff/store/withdrawal-batch-port';
import { finishBatches, startApprovedBatches } from './batch-lifecycle';

/**
 * The one withdrawal submit (features/withdrawals submit-withdrawal: schema, gate, hold, the
 * submitter's exactly-once per ref_id, audit), wired in by the app: a batch row never reaches the
 * service any other way. `cover`: the batch's approval, approved.
 */
export type SubmitRow = (
  body: unknown,
  operator: Operator,
  requestId: string,
  cover?: { approvalId: string; approvers: string[] },
) => Promise<
  { status: 200; body: { id: string } } | { status: 202; body: { approval: { id: string } } }
>;

interface BatchSenderDeps {
  batches: WithdrawalBatchStore;
  approvals?: ApprovalStore | undefined;
  submitRow: SubmitRow;
  logger: Logger;
  /** A row's lease: longer than one submit can take (attemptLeaseMs). */
  leaseMs: number;
  /** Rows in flight at once (the service's rate limit is shared with everyone else). */
  concurrency?: number;
  /** Rows taken per round. */
  perRound?: number;
}

/** How long a row waits after the service said it is busy (429, 503 after the client's retries). */
const BUSY_DELAY_MS = 5_000;

const operatorOf = (row: ClaimedBatchRow): Operator => ({
  subject: row.operator.subject,
  name: row.operator.name,
  ...(row.operator.email !== undefined ? { email: row.operator.email } : {}),
  roles: row.operator.roles as Role[],
});

/** What a submit came to, as the row records it; undefined: put the row back for later. */
function outcomeOf(
  answer: Awaited<ReturnType<SubmitRow>> | undefined,
  error: unknown,
): BatchRowOutcome | 'busy' | undefined {
  if (answer?.status === 200) return { state: 'created', transferId: answer.body.id };
  if (answer?.status === 202) return { state: 'held', approvalId: answer.body.approval.id };
  if (!(error instanceof HttpProblem)) return undefined;
  const { problem } = error;
  const reason = [problem.title, problem.detail].filter(Boolean).join(': ');
  if (problem.outcome === 'unknown') return { state: 'unknown', reason };
  if (problem.status === 429 || problem.status === 503) return 'busy';
  return { state: 'refused', reason };
}

/**
 * The approval a row is sent under: approved, with its approvers' attribution (each batch's
 * approval read once a round); a row of a held batch whose approval is not approved is not covered.
 */
async function coverOf(
  approvals: BatchSenderDeps['approvals'],
  row: ClaimedBatchRow,
  cache: Map<string, string[] | undefined>,
) {
  if (row.batchApprovalId === undefined) return { covered: true, cover: undefined };
  if (!cache.has(row.batchApprovalId)) {
    const stored = await approvals?.get(row.batchApprovalId);
    cache.set(
      row.batchApprovalId,
      stored?.approval.status === 'approved' ? stored.approverAttributions : undefined,
    );
  }
  const approvers = cache.get(row.batchApprovalId);
  return approvers
    ? { covered: true, cover: { approvalId: row.batchApprovalId, approvers } }
    : { covered: false, cover: undefined };
}

/**
 * The batch sender (in the app's background tasks; a test runs its rounds by hand): each round
 * starts the batches whose one approval was approved (the rows as approved: same hash), stops
 * those whose approval was refused, then takes due rows with a lease (FOR UPDATE SKIP LOCKED, as
 * the status refresher claims) and sends them, a few at a time, through the one withdrawal
 * submit with their fixed ref_id. A row whose sender stopped comes due again when its lease runs
 * out and is sent again with the same ref_id: the ledger answers it (or reads it by ref_id
 * first), so no row is sent twice and none is lost. runOnce counts the rows settled.
 */
export function createBatchSender(
  deps: BatchSenderDeps & { intervalMs: number; idleIntervalMs?: number },
): PeriodicTask {
  const { batches, logger } = deps;
  const concurrency = deps.concurrency ?? 4;

  async function sendRow(row: ClaimedBatchRow, cache: Map<string, string[] | undefined>) {
    // Paused or cancelled since it was taken: put back (a cancelled batch's row is cancelled).
    if ((await batches.statusOf(row.batchId)) !== 'sending') {
      await batches.releaseRow(row.batchId, row.row, 0);
      return 'released' as const;
    }
    const { covered, cover } = await coverOf(deps.approvals, row, cache);
    if (!covered) {
      logger.error({ batch_id: row.batchId, row: row.row }, 'a batch row without its approval');
      await batches.releaseRow(row.batchId, row.row, deps.leaseMs);
      return 'released' as const;
    }
    let answer: Awaited<ReturnType<SubmitRow>> | undefined;
    let error: unknown;
    try {
      answer = await deps.submitRow(row.request, operatorOf(row), `batch-${randomUUID()}`, cover);
    } catch (thrown) {
      error = thrown;
    }
    const outcome = outcomeOf(answer, error);
    if (outcome === 'busy' || outcome === undefined) {
      if (outcome === undefined)
        logger.warn(
          { err: error, batch_id: row.batchId, row: row.row },
          'a batch row could not be sent now',
        );
      await batches.releaseRow(row.batchId, row.row, BUSY_DELAY_MS);
      return 'busy' as const;
    }
    await batches.recordRow(row.batchId, row.row, outcome);
    return 'settled' as const;
  }

  async function round(): Promise<number> {
    await startApprovedBatches(deps);
    const due = await batches.claimRows({ limit: deps.perRound ?? 32, leaseMs: deps.leaseMs });
    const cache = new Map<string, string[] | undefined>();
    let settled = 0;
    let busy = false;
    let next = 0;
    // A few at a time; after a "busy" the rows not started yet go back for later.
    const worker = async () => {
      for (let row = due[next++]; row; row = due[next++]) {
        if (busy) {
          await batches.releaseRow(row.batchId, row.row, BUSY_DELAY_MS);
          continue;
        }
        const result = await sendRow(row, cache);
        if (result === 'settled') settled++;
        if (result === 'busy') busy = true;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));
    await finishBatches(deps);
    return settled;
  }

  return createPeriodicTask({
    intervalMs: deps.intervalMs,
    ...(deps.idleIntervalMs === undefined ? {} : { idleIntervalMs: deps.idleIntervalMs }),
    round,
    logger,
    failure: 'could not send batch withdrawals',
  });
}
