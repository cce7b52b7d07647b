import { LEDGER_STATUSES, type LedgerStatus } from '#contract/withdrawal-ledger';

/** The ledger view's filters, as held in the URL so a link reproduces the view. */
export interface LedgerFilters {
  status?: LedgerStatus;
  operator?: string;
  crypto_network?: string;
  ref_id?: string;
}

const isStatus = (value: string): value is LedgerStatus =>
  (LEDGER_STATUSES as readonly string[]).includes(value);

export function filtersFromSearch(search: URLSearchParams): LedgerFilters {
  const filters: LedgerFilters = {};
  const status = search.get('status') ?? '';
  if (isStatus(status)) filters.status = status;
  for (const key of ['operator', 'crypto_network', 'ref_id'] as const) {
    const value = search.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** New filters always start from the first page: a cursor belongs to the filters it came from. */
export function searchFromFilters(filters: LedgerFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['status', 'operator', 'crypto_network', 'ref_id'] as const) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

/** "Rows 51 to 100" for page `index` (0-based) of `size` rows holding `count` rows. */
export function rowRange(index: number, size: number, count: number): string {
  if (count === 0) return 'No rows';
  const first = index * size + 1;
  return `Rows ${first} to ${first + count - 1}`;
}
