import {
  LEDGER_SEARCH_MAX,
  LEDGER_STATUSES,
  type LedgerStatus,
  type ListWithdrawalsQuery,
} from '#contract/withdrawal-ledger';

/**
 * The ledger view's filters, as held in the URL so a link reproduces the view. Dates are UTC
 * days (YYYY-MM-DD), both included; the BFF is asked for the instants that bound them.
 */
export interface LedgerFilters {
  status?: LedgerStatus;
  operator?: string;
  crypto_network?: string;
  ref_id?: string;
  asset?: string;
  /** The first day (UTC) of the range. */
  from?: string;
  /** The last day (UTC) of the range, included. */
  to?: string;
  /** The search box: the start of a ref_id, a transaction hash or a destination address. */
  q?: string;
}

const TEXT_KEYS = ['operator', 'crypto_network', 'ref_id', 'q'] as const;
const URL_KEYS = [
  'status',
  'operator',
  'crypto_network',
  'ref_id',
  'asset',
  'from',
  'to',
  'q',
] as const;

const isStatus = (value: string): value is LedgerStatus =>
  (LEDGER_STATUSES as readonly string[]).includes(value);

const ASSET = /^[A-Z0-9]{2,12}$/;

/** A real calendar day written YYYY-MM-DD (not February 30). */
function isUtcDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function filtersFromSearch(search: URLSearchParams): LedgerFilters {
  const filters: LedgerFilters = {};
  const status = search.get('status') ?? '';
  if (isStatus(status)) filters.status = status;
  for (const key of TEXT_KEYS) {
    const value = search.get(key)?.trim();
    if (value) filters[key] = key === 'q' ? value.slice(0, LEDGER_SEARCH_MAX) : value;
  }
  const asset = search.get('asset')?.trim().toUpperCase() ?? '';
  if (ASSET.test(asset)) filters.asset = asset;
  // A hand-edited day that is not one is dropped rather than sent and refused.
  for (const key of ['from', 'to'] as const) {
    const value = search.get(key)?.trim() ?? '';
    if (isUtcDay(value)) filters[key] = value;
  }
  return filters;
}

/** New filters always start from the first page: a cursor belongs to the filters it came from. */
export function searchFromFilters(filters: LedgerFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of URL_KEYS) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

/** The day after a UTC day, as the instant it starts: the exclusive end of a range. */
function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

/** What the BFF is asked (list and export): the days become the instants that bound them. */
export function toLedgerQuery(
  filters: LedgerFilters,
): Omit<ListWithdrawalsQuery, 'limit' | 'cursor'> {
  const { from, to, ...rest } = filters;
  return {
    ...rest,
    ...(from ? { from: `${from}T00:00:00.000Z` } : {}),
    ...(to ? { to: dayAfter(to) } : {}),
  };
}

/** The CSV export of every record the filters match (GET /api/withdrawals.csv). */
export function ledgerExportUrl(filters: LedgerFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(toLedgerQuery(filters)))
    if (typeof value === 'string' && value !== '') params.set(key, value);
  const text = params.toString();
  return `/api/withdrawals.csv${text ? `?${text}` : ''}`;
}

/** Why a draft's date range cannot be asked for, by field; empty when it can. */
export function dateRangeErrors(filters: LedgerFilters): { from?: string; to?: string } {
  if (filters.from && filters.to && filters.from > filters.to)
    return { to: 'The last day is before the first' };
  return {};
}

/** "Rows 51 to 100" for page `index` (0-based) of `size` rows holding `count` rows. */
export function rowRange(index: number, size: number, count: number): string {
  if (count === 0) return 'No rows';
  const first = index * size + 1;
  return `Rows ${first} to ${first + count - 1}`;
}
