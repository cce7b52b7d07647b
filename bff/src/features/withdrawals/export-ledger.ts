import type { RequestHandler } from 'express';
import type { ListWithdrawalsQuery } from '#contract/withdrawal-ledger';
import { requestIdOf } from '#bff/http/request-id';
import { writeWithBackpressure } from '#bff/http/write-with-backpressure';
import type { Logger } from '#bff/logger';
import type { WithdrawalLedger } from '#bff/store/ports';
import { LEDGER_CSV_HEADER, ledgerCsvRow } from './ledger-csv';

/** Records read per query: one keyset page at a time, whatever the ledger holds. */
const EXPORT_PAGE = 500;
/** Flush to the socket at about this size: few writes, memory bounded by one page. */
const CHUNK_BYTES = 64 * 1024;

/**
 * GET /api/withdrawals.csv: every record matching the list's filters (its `limit` and `cursor`
 * do not apply), newest first, read page by page and written as it is read with backpressure:
 * constant memory however long the ledger (as the audit export). The last line says
 * `# export complete: N rows`, or `# export partial: N rows, because …` when the ledger failed
 * after the first page (the answer's status is already sent then).
 */
export function exportLedgerCsv(
  ledger: WithdrawalLedger,
  parse: (query: unknown) => ListWithdrawalsQuery,
  logger: Logger,
): RequestHandler {
  return async (req, res) => {
    const { limit: _limit, cursor: _cursor, ...filters } = parse(req.query);
    const requestId = requestIdOf(req, res);
    let page = await ledger.list({ ...filters, limit: EXPORT_PAGE });
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="withdrawals.csv"');
    if (!(await writeWithBackpressure(res, LEDGER_CSV_HEADER))) return;
    let rows = 0;
    for (;;) {
      let chunk = '';
      for (const record of page.withdrawals) {
        chunk += ledgerCsvRow(record);
        rows += 1;
        if (chunk.length >= CHUNK_BYTES) {
          // False: the reader went away; stop reading the ledger for nobody.
          if (!(await writeWithBackpressure(res, chunk))) return;
          chunk = '';
        }
      }
      if (chunk && !(await writeWithBackpressure(res, chunk))) return;
      if (!page.next_cursor) break;
      try {
        page = await ledger.list({ ...filters, limit: EXPORT_PAGE, cursor: page.next_cursor });
      } catch (error) {
        logger.error({ req_id: requestId, rows, err: error }, 'ledger export partial');
        res.end(`# export partial: ${rows} rows, because the ledger could not be read\r\n`);
        return;
      }
    }
    res.end(`# export complete: ${rows} rows\r\n`);
  };
}
