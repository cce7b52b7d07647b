import { sumDecimals } from '#contract/decimal';
import type {
  ListWithdrawalBatchesQuery,
  ListWithdrawalBatchesResponse,
  WithdrawalBatchSummary,
} from '#contract/withdrawal-batches';
import type { Queryable } from './database';
import { selectKeysetPage } from './keyset-page';
import { isoTime } from './sql-time';

// The batches' list (GET /api/withdrawal-batches): newest first by (created_at, seq), by the one
// keyset pager; seq (migration 021) breaks ties of created_at and names the cursor's row.

interface ListedBatchRow {
  id: string;
  status: string;
  created_at: unknown;
  operator_subject: string;
  operator_name: string;
  position: string;
}

interface RowTally {
  batch_id: string;
  state: string;
  asset: string | null;
  rows: number;
  quantity: string | null;
}

/**
 * The page's rows tallied in one pass: by batch, state and asset, with the amounts (or totals)
 * summed as numeric (exact) for the rows that send or sent (not invalid, dropped or refused: the
 * batch view's totals). An invalid row keeps what its file said, which need not be a number: the
 * CASE never casts it.
 */
async function tallies(db: Queryable, ids: string[]): Promise<RowTally[]> {
  if (ids.length === 0) return [];
  return db.query<RowTally>(
    `SELECT batch_id, state, request->>'asset' AS asset, count(*)::int AS rows,
            sum(CASE WHEN state NOT IN ('invalid', 'dropped', 'refused')
                THEN coalesce(request->>'amount', request->>'total')::numeric END)::text AS quantity
       FROM withdrawal_batch_rows
      WHERE batch_id = ANY($1::text[])
      GROUP BY batch_id, state, request->>'asset'`,
    [ids],
  );
}

function summaryOf(batch: ListedBatchRow, tally: readonly RowTally[]): WithdrawalBatchSummary {
  const counts: Record<string, number> = {};
  const totals = new Map<string, string[]>();
  let rows = 0;
  for (const t of tally) {
    rows += t.rows;
    counts[t.state] = (counts[t.state] ?? 0) + t.rows;
    if (t.asset !== null && t.quantity !== null)
      totals.set(t.asset, [...(totals.get(t.asset) ?? []), t.quantity]);
  }
  return {
    id: batch.id,
    status: batch.status as WithdrawalBatchSummary['status'],
    created_at: isoTime(batch.created_at),
    created_by: { subject: batch.operator_subject, name: batch.operator_name },
    rows,
    counts,
    totals: [...totals].map(([asset, quantities]) => ({
      asset,
      quantity: sumDecimals(quantities),
    })),
  };
}

export async function listWithdrawalBatches(
  db: Queryable,
  query: ListWithdrawalBatchesQuery,
): Promise<ListWithdrawalBatchesResponse> {
  const { rows, next_cursor } = await selectKeysetPage<ListedBatchRow>(db, {
    select: `SELECT id, status, created_at, operator_subject, operator_name,
        seq::text AS position FROM withdrawal_batches`,
    key: 'withdrawal_batches.seq',
    positionOf: (row) => row.position,
    byTime: { time: 'created_at', table: 'withdrawal_batches' },
    limit: query.limit ?? 50,
    cursor: query.cursor,
    filter: (add) => {
      if (query.status !== undefined) add((p) => `status = ${p}`, query.status);
    },
  });
  const byBatch = new Map<string, RowTally[]>();
  for (const t of await tallies(
    db,
    rows.map((r) => r.id),
  ))
    byBatch.set(t.batch_id, [...(byBatch.get(t.batch_id) ?? []), t]);
  return {
    batches: rows.map((r) => summaryOf(r, byBatch.get(r.id) ?? [])),
    ...(next_cursor ? { next_cursor } : {}),
  };
}
