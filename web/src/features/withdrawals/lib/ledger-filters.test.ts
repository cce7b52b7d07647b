import { describe, expect, it } from 'vitest';
import { filtersFromSearch, rowRange, searchFromFilters } from './ledger-filters';

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

describe('rowRange', () => {
  it('counts from the page', () => {
    expect(rowRange(0, 50, 50)).toBe('Rows 1 to 50');
    expect(rowRange(2, 50, 7)).toBe('Rows 101 to 107');
    expect(rowRange(0, 50, 0)).toBe('No rows');
  });
});
