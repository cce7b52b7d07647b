import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '#contract/scopes';
import {
  ListStatementsResponseSchema,
  STATEMENT_STATUSES,
  type Statement,
} from '#contract/statements';
import { startTestSandbox, type TestSandbox } from '../testing/test-support';

// Property: walking every page of GET /v2/statements, in either order, with any filters and any
// page size, returns each matching statement exactly once, in the documented order, even when
// statements are added between pages.

interface Row {
  id: string;
  month: number;
  status: (typeof STATEMENT_STATUSES)[number];
  ref: string;
}

// Few months and few refs: many period_start ties and many shared ref_ids.
const rowArb = fc.record({
  id: fc.stringMatching(/^[a-z0-9]{1,6}$/),
  month: fc.integer({ min: 0, max: 5 }),
  status: fc.constantFrom(...STATEMENT_STATUSES),
  ref: fc.constantFrom('R1', 'R2', 'R3', 'R4'),
});
const rowsArb = fc.uniqueArray(rowArb, { selector: (r) => r.id, maxLength: 30 });

const queryArb = fc.record({
  order: fc.constantFrom('ASC', 'DESC', undefined),
  limit: fc.integer({ min: 1, max: 8 }),
  statuses: fc.option(fc.subarray([...STATEMENT_STATUSES], { minLength: 1 }), { nil: undefined }),
  refs: fc.option(fc.subarray(['R1', 'R2', 'R3', 'R4', 'R9'], { minLength: 1 }), {
    nil: undefined,
  }),
  /** Picks statement ids by index into the rows (an index past the end is an unknown id). */
  idPicks: fc.option(fc.array(fc.nat(40), { minLength: 1, maxLength: 6 }), { nil: undefined }),
});

type Query = typeof queryArb extends fc.Arbitrary<infer Q> ? Q : never;

const periodStart = (month: number) => new Date(Date.UTC(2025, month, 1)).toISOString();

describe('statement paging (property)', () => {
  let t: TestSandbox;
  let token: string;
  let customerSeq = 0;
  beforeAll(async () => {
    t = await startTestSandbox();
    token = await t.token([SCOPES.listStatements]);
  });
  afterAll(() => t.close());

  function store(customer: string, rows: readonly Row[], prefix = '') {
    for (const r of rows)
      t.sandbox.addStatement({
        id: `${customer}-${prefix}${r.id}`,
        customer_id: customer,
        ref_id: r.ref,
        status: r.status,
        period_start: periodStart(r.month),
      });
  }

  async function fetchPage(
    params: URLSearchParams,
  ): Promise<{ items: Statement[]; next?: string }> {
    const res = await t.call('GET', `/v2/statements?${params.toString()}`, { token });
    expect(res.status, res.text).toBe(200);
    const body = ListStatementsResponseSchema.parse(res.body);
    if (body.next_page_cursor !== undefined)
      expect(body.statements).toHaveLength(Number(params.get('limit')));
    return { items: body.statements, next: body.next_page_cursor };
  }

  /**
   * Follows page_cursor from the first page to the last: every id, in the order the pages gave
   * them. `afterPage` runs after each page (its index from 0), before the next one is asked for.
   */
  async function walkPages(
    params: URLSearchParams,
    afterPage: (index: number) => void,
  ): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | undefined;
    let index = 0;
    do {
      if (cursor !== undefined) params.set('page_cursor', cursor);
      const page = await fetchPage(params);
      seen.push(...page.items.map((s) => s.id!));
      cursor = page.next;
      afterPage(index);
      index += 1;
    } while (cursor !== undefined);
    return seen;
  }

  function baseParams(customer: string, rows: readonly Row[], q: Query) {
    const params = new URLSearchParams({ customer_id: customer, limit: String(q.limit) });
    if (q.order) params.set('order', q.order);
    for (const s of q.statuses ?? []) params.append('statuses', s);
    for (const r of q.refs ?? []) params.append('ref_ids', r);
    for (const i of q.idPicks ?? [])
      params.append('statement_ids', `${customer}-${rows[i]?.id ?? 'unknown'}`);
    return params;
  }

  function expected(customer: string, rows: readonly Row[], q: Query) {
    const ids =
      q.idPicks && new Set(q.idPicks.map((i) => `${customer}-${rows[i]?.id ?? 'unknown'}`));
    const keyed = rows
      .map((r) => ({ ...r, full: `${customer}-${r.id}`, start: periodStart(r.month) }))
      .filter((r) => !q.statuses || q.statuses.includes(r.status))
      .filter((r) => !q.refs || q.refs.includes(r.ref))
      .filter((r) => !ids || ids.has(r.full))
      .sort((a, b) =>
        a.start !== b.start
          ? a.start < b.start
            ? -1
            : 1
          : a.full < b.full
            ? -1
            : a.full > b.full
              ? 1
              : 0,
      )
      .map((r) => r.full);
    return q.order === 'ASC' ? keyed : keyed.reverse();
  }

  it('returns each matching statement exactly once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(rowsArb, queryArb, async (rows, q) => {
        const customer = `prop-${++customerSeq}`;
        store(customer, rows);
        const seen = await walkPages(baseParams(customer, rows, q), (index) =>
          // No more pages than rows and a last empty one: a cursor that never ends fails here.
          expect(index + 1).toBeLessThanOrEqual(rows.length + 1),
        );
        expect(seen).toEqual(expected(customer, rows, q));
      }),
      { numRuns: 60 },
    );
  });

  it('still returns every original statement exactly once when statements arrive between pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArb,
        queryArb,
        fc.array(rowsArb, { maxLength: 4 }),
        async (rows, q, arrivals) => {
          const customer = `prop-${++customerSeq}`;
          store(customer, rows);
          const seen = await walkPages(baseParams(customer, rows, q), (index) => {
            const batch = arrivals[index];
            if (batch) store(customer, batch, `new${index}-`);
          });

          // Originals: all of them, once each, in their relative order.
          const originals = new Set(expected(customer, rows, q));
          expect(seen.filter((id) => originals.has(id))).toEqual(expected(customer, rows, q));
          // Nothing twice, and the whole walk is in order (a new statement shows only where it sorts).
          expect(new Set(seen).size).toBe(seen.length);
          const all = new Map<string, string>();
          for (const r of rows) all.set(`${customer}-${r.id}`, periodStart(r.month));
          arrivals.forEach((batch, i) => {
            for (const r of batch) all.set(`${customer}-new${i}-${r.id}`, periodStart(r.month));
          });
          const key = (id: string) => `${all.get(id)}|${id}`;
          const sorted = [...seen].sort((a, b) => (key(a) < key(b) ? -1 : 1));
          expect(seen).toEqual(q.order === 'ASC' ? sorted : sorted.reverse());
        },
      ),
      { numRuns: 40 },
    );
  });
});
