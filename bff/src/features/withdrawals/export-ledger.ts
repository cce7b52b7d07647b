import type { RequestHandler } from 'express';
import type { ListWithdrawalsQuery } from '#contract/withdrawal-ledger';
import { requestIdOf } from '#bff/http/request-id';
import { streamCsvPages } from '#bff/http/csv-page-stream';
import type { Logger } from '#bff/logger';
import type { WithdrawalLedger } from '#bff/store/withdrawal-ledger-port';
import { LEDGER_CSV_HEADER, ledgerCsvRow } from './ledger-csv';

/** Records read per query: one keyset page at a time, whatever the ledger holds. */
const EXPORT_PAGE = 500;

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
    await streamCsvPages(res, {
      filename: 'withdrawals.csv',
      header: LEDGER_CSV_HEADER,
      row: ledgerCsvRow,
      page: async (cursor) => {
        const page = await ledger.list({ ...filters, limit: EXPORT_PAGE, cursor });
        return { items: page.withdrawals, next_cursor: page.next_cursor };
      },
      ending: {
        complete: (rows) => `# export complete: ${rows} rows\r\n`,
        partial: (rows, error) => {
          logger.error({ req_id: requestId, rows, err: error }, 'ledger export partial');
          return `# export partial: ${rows} rows, because the ledger could not be read\r\n`;
        },
      },
    });
  };
}
