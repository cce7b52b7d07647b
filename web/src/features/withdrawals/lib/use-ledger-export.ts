import { useCsvExport } from '#web/lib/use-csv-export';
import { ledgerExportUrl, searchFromFilters, type LedgerFilters } from './ledger-filters';

/**
 * The ledger's CSV export of every withdrawal the filters match. It belongs to the filters it
 * exported: changing them clears its message (useCsvExport's scope).
 */
export function useLedgerExport(filters: LedgerFilters) {
  const exporter = useCsvExport(searchFromFilters(filters).toString());
  const start = () =>
    void exporter.start(
      ledgerExportUrl(filters),
      `withdrawals-${new Date().toISOString().slice(0, 10)}.csv`,
    );
  return { ...exporter, start };
}
