import { csvCell } from '#contract/csv-cell';
import { BATCH_REPORT_COLUMNS } from '#contract/withdrawal-batches';
import type { Transfer } from '#contract/withdrawals';
import type { StoredBatchRow } from '#bff/store/withdrawal-batch-port';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The batch report: one line per row (its outcome and request, and its transfer's final status,
 * tx hash and fee once the ledger knows them), every cell formula-guarded.
 */
export function batchReportCsv(
  rows: readonly StoredBatchRow[],
  transfers: ReadonlyMap<string, Transfer> = new Map(),
): string {
  const lines = [BATCH_REPORT_COLUMNS.join(',')];
  for (const r of rows) {
    const q = r.request ?? {};
    const transfer = transfers.get(r.refId);
    const reason = r.reason ?? r.errors.map((e) => `${e.column ?? 'row'}: ${e.message}`).join('; ');
    lines.push(
      [
        r.row,
        r.line,
        r.refId,
        r.state,
        r.transferId,
        reason === '' ? undefined : reason,
        text(q.profile_id),
        text(q.asset),
        text(q.crypto_network),
        text(q.destination_address),
        text(q.amount),
        text(q.total),
        transfer?.status,
        transfer?.crypto_tx_hash,
        transfer?.fee,
      ]
        .map((cell) => csvCell(typeof cell === 'number' ? String(cell) : cell))
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
