import type { ApprovalPolicy } from '#contract/approvals';
import type { WithdrawalBatch } from '#contract/withdrawal-batches';
import type { SubmitWithdrawalRequest } from '#contract/withdrawals';
import type { DestinationRegistry } from '#bff/gate/destination-registry';
import type { StoredBatch, StoredBatchRow } from '#bff/store/withdrawal-batch-port';
import type { WithdrawalWindow } from '#bff/store/withdrawal-window-port';
import type { UsdPriceReader } from '#bff/upstream/usd-price-reader';
import { checkBatchDestinations, withRefusedRowsInvalid } from './batch-destinations';
import { batchRequirementAtSubmit, batchValue } from './batch-policy';
import { batchForecastWindow } from './batch-window-forecast';
import { operatorRef } from '#contract/operator-ref';

export interface BatchViewDeps {
  policy?: ApprovalPolicy | undefined;
  prices?: UsdPriceReader | undefined;
  destinations?: DestinationRegistry | undefined;
  /** The rolling limits' window (a draft's review forecasts them; absent: held, fail safe). */
  window?: WithdrawalWindow | undefined;
}

/** The review asks the rows' quotes apart (POST …/fee-quotes): they are never sent with a row. */
const FEE_NOTE =
  'Each row pays the network fee at the time it is sent: no guaranteed fee is sent with a row. The review shows the service’s quote per row where it gives one, as an estimate.';

/** The rows the batch would send (valid, not dropped), with their requests. */
export function sendableRows(rows: readonly StoredBatchRow[]) {
  return rows.flatMap((r) =>
    r.state !== 'invalid' && r.state !== 'dropped' && r.request
      ? [{ row: r.row, request: r.request as SubmitWithdrawalRequest }]
      : [],
  );
}

/** The rows whose value the batch moves: a refused row moved nothing (issue 42 item 7). */
const movedRows = (rows: readonly StoredBatchRow[]) =>
  sendableRows(rows.filter((r) => r.state !== 'refused'));

/**
 * The batch's rows as Send would take them, and every destination warning: a draft's rows the
 * gate's destination check refuses are invalid (worked out on each read, never stored); a batch
 * awaiting approval keeps its rows, and its approver reads the warnings. Not once it is on its way.
 */
export async function reviewedRows(
  deps: BatchViewDeps,
  batch: StoredBatch,
  rows: readonly StoredBatchRow[],
): Promise<{ rows: readonly StoredBatchRow[]; destinations: WithdrawalBatch['destinations'] }> {
  if (batch.status !== 'draft' && batch.status !== 'awaiting_approval')
    return { rows, destinations: [] };
  const check = await checkBatchDestinations(deps, sendableRows(rows));
  return {
    rows: batch.status === 'draft' ? withRefusedRowsInvalid(rows, check.refusals) : rows,
    destinations: check.flags,
  };
}

/**
 * What the policy asks: as decided at submit, or for a draft the submit's own rule (its tiers,
 * then each row through the gate's value rules) over the rolling limits' window as it stands.
 */
async function requirementOf(
  deps: BatchViewDeps,
  batch: StoredBatch,
  rows: readonly StoredBatchRow[],
  value: Awaited<ReturnType<typeof batchValue>>,
) {
  if (batch.requirement || batch.status !== 'draft' || !deps.policy) return batch.requirement;
  const window = deps.window ? batchForecastWindow(deps.window) : undefined;
  return batchRequirementAtSubmit(
    { policy: deps.policy, prices: deps.prices, window },
    sendableRows(rows),
    batch.operator,
    value,
  );
}

/** GET /api/withdrawal-batches/:id: the batch, its rows, totals, destinations and policy. */
export async function batchView(
  deps: BatchViewDeps,
  batch: StoredBatch,
  storedRows: readonly StoredBatchRow[],
): Promise<WithdrawalBatch> {
  const { rows, destinations } = await reviewedRows(deps, batch, storedRows);
  const value = await batchValue(
    movedRows(rows).map((r) => r.request),
    deps.prices,
  );
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.state] = (counts[r.state] ?? 0) + 1;
  const requirement = await requirementOf(deps, batch, rows, value);
  return {
    id: batch.id,
    status: batch.status as WithdrawalBatch['status'],
    created_at: batch.createdAt,
    created_by: operatorRef(batch.operator),
    file_errors: batch.fileErrors,
    counts,
    totals: value.totals,
    ...(value.usdTotal !== undefined ? { usd_total: value.usdTotal } : {}),
    ...(requirement
      ? { requirement: { approvals: requirement.approvals, reason: requirement.reason } }
      : {}),
    ...(batch.approvalId ? { approval_id: batch.approvalId } : {}),
    destinations,
    fee_note: FEE_NOTE,
    rows: rows.map((r) => ({
      row: r.row,
      line: r.line,
      ref_id: r.refId,
      state: r.state as WithdrawalBatch['rows'][number]['state'],
      ...(r.request ? { request: r.request } : {}),
      errors: r.errors,
      ...(r.transferId ? { transfer_id: r.transferId } : {}),
      ...(r.reason ? { reason: r.reason } : {}),
      ...(r.approvalId ? { approval_id: r.approvalId } : {}),
    })),
  };
}
