import { describe, expect, it } from 'vitest';
import {
  filtersFromSearch,
  ledgerExportUrl,
  rowRange,
  searchFromFilters,
  toLedgerQuery,
} from './ledger-filters';

describe('ledger filters in the URL', () => {
  it('round-trips', () => {
    const filters = {
      status: 'unknown' as const,
      operator: 'dev',
      crypto_network: 'ETHEREUM',
      ref_id: 'r-1',
    };
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
  });

  it('ignores an unknown status and blank values', () => {
    expect(filtersFromSearch(new URLSearchParams('status=lost&operator=%20&ref_id=x'))).toEqual({
      ref_id: 'x',
    });
  });

  it('never carries a cursor into new filters', () => {
    expect(searchFromFilters({ status: 'created' }).toString()).toBe('status=created');
  });
});

describe('the date range, asset and search (issue 24 item 4)', () => {
  it('round-trips, and drops a day that is not one or an asset that is not a code', () => {
    const filters = { asset: 'USDG', from: '2026-02-28', to: '2026-03-01', q: '0xAb' };
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
    expect(
      filtersFromSearch(new URLSearchParams('from=2026-02-30&to=yesterday&asset=%3Dx&q=%20')),
    ).toEqual({});
    expect(filtersFromSearch(new URLSearchParams('asset=btc'))).toEqual({ asset: 'BTC' });
  });

  it('asks for the instants that bound the days, the last day included', () => {
    expect(toLedgerQuery({ from: '2026-12-31', to: '2026-12-31' })).toEqual({
      from: '2026-12-31T00:00:00.000Z',
      to: '2027-01-01T00:00:00.000Z',
    });
    expect(ledgerExportUrl({ status: 'refused', q: 'a&b' })).toBe(
      '/api/withdrawals.csv?status=refused&q=a%26b',
    );
    expect(ledgerExportUrl({})).toBe('/api/withdrawals.csv');
  });
});

describe('rowRange', () => {
  it('counts from the page', () => {
    expect(rowRange(0, 50, 50)).toBe('Rows 1 to 50');
    expect(rowRange(2, 50, 7)).toBe('Rows 101 to 107');
    expect(rowRange(0, 50, 0)).toBe('No rows');
  });
});
