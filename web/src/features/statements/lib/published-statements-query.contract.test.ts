import { describe, expect, it } from 'vitest';
import { ListStatementsQuerySchema, statementsQueryToSearchParams } from '#contract/statements';
import { statementsExportUrl } from '../api/statements-api';
import { parseStatementsSearch, toExportQuery, toListQuery } from './statements-url-state';

// The query the statements page builds from its filters, checked against the service's published
// GET /v2/statements query (docs/upstream-contract.md, "List statements"), written out here by
// hand: only the published parameters, customer_id present, arrays as repeated parameters (no
// brackets, no commas), limit as plain digits up to 1000, order DESC or ASC, no date filter.

const PUBLISHED = new Set([
  'customer_id',
  'ref_ids',
  'statement_ids',
  'statuses',
  'limit',
  'order',
  'page_cursor',
]);

function departures(params: URLSearchParams): string[] {
  const out: string[] = [];
  for (const key of new Set(params.keys()))
    if (!PUBLISHED.has(key)) out.push(`${key}: not a published parameter`);
  if (params.getAll('customer_id').length !== 1) out.push('customer_id: not exactly once');
  for (const key of ['ref_ids', 'statement_ids', 'statuses'])
    for (const value of params.getAll(key))
      if (value.includes(',') || value === '') out.push(`${key}: not one value per parameter`);
  for (const key of ['limit', 'order', 'page_cursor'])
    if (params.getAll(key).length > 1) out.push(`${key}: repeated`);
  const limit = params.get('limit');
  if (limit !== null && (!/^[0-9]+$/.test(limit) || Number(limit) < 1 || Number(limit) > 1000))
    out.push('limit: not 1 to 1000');
  const order = params.get('order');
  if (order !== null && order !== 'DESC' && order !== 'ASC') out.push('order: not DESC or ASC');
  return out;
}

const CUSTOMER = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';

describe('the statements query the page builds is the published one', () => {
  it.each([
    ['a customer alone', `customer_id=${CUSTOMER}`],
    [
      'every filter, a page size and a cursor',
      `customer_id=${CUSTOMER}&statuses=STATEMENT_STATUS_PAID&statuses=STATEMENT_STATUS_GENERATED` +
        '&ref_ids=r-1&ref_ids=r-2&statement_ids=s-1&order=ASC&limit=250&cursor=abc&cursor=def',
    ],
  ])('%s', (_name, url) => {
    const query = toListQuery(parseStatementsSearch(new URLSearchParams(url)));
    expect(query).toBeDefined();
    const params = statementsQueryToSearchParams(query!);
    expect(departures(params)).toEqual([]);
    // Every filter the operator set travels, none is dropped on the way.
    for (const key of ['statuses', 'ref_ids', 'statement_ids'])
      expect(params.getAll(key)).toEqual(new URLSearchParams(url).getAll(key));
    // The BFF reads it back as the same query (what it forwards is what the page asked for).
    expect(ListStatementsQuerySchema.parse(Object.fromEntries(groupParams(params)))).toEqual(
      JSON.parse(JSON.stringify(query)),
    );
  });

  it('the export asks with the filters only: no page size, no cursor', () => {
    const view = parseStatementsSearch(
      new URLSearchParams(`customer_id=${CUSTOMER}&ref_ids=r-1&limit=25&cursor=abc`),
    );
    const url = new URL(statementsExportUrl(toExportQuery(view.filters)), 'http://x');
    expect(departures(url.searchParams)).toEqual([]);
    expect(url.searchParams.has('limit')).toBe(false);
    expect(url.searchParams.has('page_cursor')).toBe(false);
  });

  it('the checker itself refuses what the service does not define', () => {
    expect(
      departures(new URLSearchParams('from=2026-01-01&statuses=A,B&limit=5000&order=desc')),
    ).toEqual([
      'from: not a published parameter',
      'customer_id: not exactly once',
      'statuses: not one value per parameter',
      'limit: not 1 to 1000',
      'order: not DESC or ASC',
    ]);
  });
});

/** Repeated parameters as arrays, single ones as strings: how the BFF reads a query string. */
function groupParams(params: URLSearchParams): Array<[string, string | string[]]> {
  return [...new Set(params.keys())].map((key) => {
    const values = params.getAll(key);
    return [key, values.length === 1 ? values[0]! : values];
  });
}
