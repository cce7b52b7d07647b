import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { SCOPES } from '#contract/scopes';
import {
  ListStatementsResponseSchema,
  type ListStatementsResponse,
  type Statement,
} from '#contract/statements';
import { SEED_IDS } from '../seed/seed';
import { startTestSandbox, type TestSandbox } from '../testing/test-support';

// GET /v2/statements: filters, limit, order with tie-break, cursors bound to their filters.

const example = SEED_IDS.exampleCustomer;
const large = SEED_IDS.largeCustomer;

/** Ascending by (period_start, id): the documented total order. */
const byKey = (a: Statement, b: Statement) =>
  a.period_start! < b.period_start!
    ? -1
    : a.period_start! > b.period_start!
      ? 1
      : a.id! < b.id!
        ? -1
        : a.id! > b.id!
          ? 1
          : 0;

describe('GET /v2/statements', () => {
  let t: TestSandbox;
  let token: string;
  beforeAll(async () => {
    t = await startTestSandbox();
    token = await t.token([SCOPES.listStatements]);
  });
  afterAll(() => t.close());

  async function list(query: string): Promise<ListStatementsResponse & { raw: unknown }> {
    const res = await t.call('GET', `/v2/statements?${query}`, { token });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return { ...ListStatementsResponseSchema.parse(res.body), raw: res.body };
  }

  async function bad(query: string) {
    const res = await t.call('GET', `/v2/statements?${query}`, { token });
    expect(res.status, query).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    return ProblemSchema.parse(res.body);
  }

  /** Every statement of a query, one page of `limit` at a time. */
  async function walk(query: string, limit: number, from?: string): Promise<Statement[][]> {
    const pages: Statement[][] = [];
    let cursor: string | undefined = from;
    do {
      const page = await list(
        `${query}&limit=${limit}${cursor ? `&page_cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      pages.push(page.statements);
      cursor = page.next_page_cursor;
    } while (cursor !== undefined);
    return pages;
  }

  it('requires customer_id', async () => {
    const problem = await bad('limit=5');
    expect(problem.detail).toContain(`${'customer_id'}: `);
    await bad('customer_id=');
  });

  it('returns only the customer’s statements, and an empty last page for an unknown customer', async () => {
    const page = await list(`customer_id=${example}&limit=1000`);
    expect(page.statements.length).toBeGreaterThanOrEqual(24);
    expect(page.statements.every((s) => s.customer_id === example)).toBe(true);
    const none = await list('customer_id=00000000-0000-4000-8000-000000000000');
    expect(none.statements).toEqual([]);
    expect(none.raw).not.toHaveProperty('next_page_cursor');
  });

  it('refuses unknown parameters and a customer_id given twice', async () => {
    await bad(`customer_id=${example}&from=2024-01-01`);
    await bad(`customer_id=${example}&customer_id=${large}`);
    await bad(`customer_id=${example}&statuses[]=STATEMENT_STATUS_PAID`);
  });

  describe('limit', () => {
    it('defaults to 100', async () => {
      const page = await list(`customer_id=${large}`);
      expect(page.statements).toHaveLength(100);
      expect(page.next_page_cursor).toBeTruthy();
    });

    it('accepts 1 and the maximum 1000', async () => {
      expect((await list(`customer_id=${large}&limit=1`)).statements).toHaveLength(1);
      expect((await list(`customer_id=${large}&limit=1000`)).statements).toHaveLength(1000);
    });

    it.each(['0', '-1', '1001', '2147483648', 'abc', '1.5', '', '0x10', '1e2', '%205', '+5'])(
      'refuses limit=%s with 400',
      async (value) => {
        const problem = await bad(`customer_id=${example}&limit=${value}`);
        expect(problem.detail).toContain(`${'limit'}: `);
      },
    );

    it('refuses limit given twice', async () => {
      await bad(`customer_id=${example}&limit=5&limit=6`);
    });
  });

  describe('order', () => {
    it('sorts DESC by period_start by default, ties broken by id, and ASC on request', async () => {
      const desc = (await list(`customer_id=${example}&limit=1000`)).statements;
      const asc = (await list(`customer_id=${example}&limit=1000&order=ASC`)).statements;
      expect(asc).toEqual([...desc].sort(byKey));
      expect(desc).toEqual([...asc].reverse());
      expect((await list(`customer_id=${example}&limit=1000&order=DESC`)).statements).toEqual(desc);
      // The seed has corrections: two statements with one period_start, so the tie-break is used.
      const starts = asc.map((s) => s.period_start);
      expect(new Set(starts).size).toBeLessThan(starts.length);
    });

    it('refuses an unknown order', async () => {
      await bad(`customer_id=${example}&order=asc`);
      await bad(`customer_id=${example}&order=NEWEST`);
    });
  });

  describe('filters', () => {
    let all: Statement[];
    beforeAll(async () => {
      all = (await list(`customer_id=${example}&limit=1000`)).statements;
    });

    it('filters by one status and by repeated statuses', async () => {
      const paid = await list(`customer_id=${example}&limit=1000&statuses=STATEMENT_STATUS_PAID`);
      expect(paid.statements).toEqual(all.filter((s) => s.status === 'STATEMENT_STATUS_PAID'));
      const two = await list(
        `customer_id=${example}&limit=1000&statuses=STATEMENT_STATUS_INITIATED&statuses=STATEMENT_STATUS_GENERATED`,
      );
      expect(two.statements.length).toBeGreaterThan(0);
      expect(two.statements).toEqual(
        all.filter(
          (s) =>
            s.status === 'STATEMENT_STATUS_INITIATED' || s.status === 'STATEMENT_STATUS_GENERATED',
        ),
      );
    });

    it('refuses an unknown status', async () => {
      const problem = await bad(`customer_id=${example}&statuses=PAID`);
      expect(problem.detail).toMatch(/statuses\.?\d*: /);
    });

    it('filters by ref_ids (repeated), each naming one statement (a correction has its own)', async () => {
      const refs = [...new Set(all.map((s) => s.ref_id!))].slice(0, 12);
      const one = await list(`customer_id=${example}&ref_ids=${refs[0]}`);
      expect(one.statements).toEqual(all.filter((s) => s.ref_id === refs[0]));
      const many = await list(
        `customer_id=${example}&limit=1000&${refs.map((r) => `ref_ids=${r}`).join('&')}`,
      );
      expect(many.statements).toEqual(all.filter((s) => refs.includes(s.ref_id!)));
      const corrections = all.filter((s) => s.version === 2);
      expect(corrections.length).toBeGreaterThan(0);
      const original = all.find(
        (s) => s.statement_group_id === corrections[0]!.statement_group_id && s.version === 1,
      )!;
      // The pair of versions is found by both ref_ids (versions are grouped by statement_group_id).
      const pair = await list(
        `customer_id=${example}&ref_ids=${corrections[0]!.ref_id}&ref_ids=${original.ref_id}`,
      );
      expect(pair.statements).toHaveLength(2);
      const single = await list(`customer_id=${example}&ref_ids=${corrections[0]!.ref_id}`);
      expect(single.statements.map((s) => s.id)).toEqual([corrections[0]!.id]);
    });

    it('filters by statement_ids (repeated), and only within the customer', async () => {
      const ids = [all[3]!.id, all[7]!.id, all[20]!.id];
      const page = await list(
        `customer_id=${example}&${ids.map((i) => `statement_ids=${i}`).join('&')}`,
      );
      expect(page.statements.map((s) => s.id)).toEqual(ids);
      const elsewhere = await list(`customer_id=${large}&statement_ids=${ids[0]}`);
      expect(elsewhere.statements).toEqual([]);
    });

    it('combines filters (AND between parameters, OR within one)', async () => {
      const paid = all.filter((s) => s.status === 'STATEMENT_STATUS_PAID');
      const unpaid = all.find((s) => s.status !== 'STATEMENT_STATUS_PAID')!;
      const ids = [paid[0]!.id, paid[1]!.id, unpaid.id];
      const page = await list(
        `customer_id=${example}&statuses=STATEMENT_STATUS_PAID&${ids.map((i) => `statement_ids=${i}`).join('&')}`,
      );
      expect(page.statements.map((s) => s.id)).toEqual([paid[0]!.id, paid[1]!.id]);
    });
  });

  describe('page_cursor', () => {
    it('walks every page: each statement once, in order, no cursor on the last page', async () => {
      const all = (await list(`customer_id=${example}&limit=1000`)).statements;
      const pages = await walk(`customer_id=${example}`, 7);
      expect(pages.flat()).toEqual(all);
      expect(pages.slice(0, -1).every((p) => p.length === 7)).toBe(true);
    });

    it('gives no cursor when the last page is exactly full', async () => {
      const count = (await list(`customer_id=${example}&limit=1000`)).statements.length;
      const page = await list(`customer_id=${example}&limit=${count}`);
      expect(page.statements).toHaveLength(count);
      expect(page.raw).not.toHaveProperty('next_page_cursor');
      const half = await walk(`customer_id=${example}&order=ASC`, count / 2);
      expect(count % 2).toBe(0);
      expect(half).toHaveLength(2);
    });

    it('may change limit between pages', async () => {
      const all = (await list(`customer_id=${example}&limit=1000&order=ASC`)).statements;
      const first = await list(`customer_id=${example}&order=ASC&limit=3`);
      const second = await list(
        `customer_id=${example}&order=ASC&limit=10&page_cursor=${first.next_page_cursor}`,
      );
      expect([...first.statements, ...second.statements]).toEqual(all.slice(0, 13));
    });

    it('is bound to the filters it was made for: other filters give 400', async () => {
      const base = `customer_id=${example}&statuses=STATEMENT_STATUS_PAID&limit=2`;
      const cursor = (await list(base)).next_page_cursor!;
      expect(cursor).toBeTruthy();
      // The same filters, written in another order or with a duplicate, are the same filters.
      await list(
        `limit=2&statuses=STATEMENT_STATUS_PAID&statuses=STATEMENT_STATUS_PAID&customer_id=${example}&page_cursor=${cursor}`,
      );
      for (const other of [
        `customer_id=${example}&limit=2`,
        `customer_id=${example}&statuses=STATEMENT_STATUS_GENERATED&limit=2`,
        `customer_id=${example}&statuses=STATEMENT_STATUS_PAID&order=ASC&limit=2`,
        `customer_id=${large}&statuses=STATEMENT_STATUS_PAID&limit=2`,
        `customer_id=${example}&statuses=STATEMENT_STATUS_PAID&ref_ids=x&limit=2`,
      ]) {
        const problem = await bad(`${other}&page_cursor=${cursor}`);
        expect(problem.detail).toContain('page_cursor: ');
        expect(problem.detail).toMatch(/other filters/);
      }
    });

    it('refuses a cursor it did not issue', async () => {
      const forged = Buffer.from(JSON.stringify({ v: 1, f: 'x', t: 'y', i: 'z' })).toString(
        'base64url',
      );
      for (const cursor of ['garbage!', 'bm90LWpzb24', forged]) {
        const problem = await bad(
          `customer_id=${example}&page_cursor=${encodeURIComponent(cursor)}`,
        );
        expect(problem.detail).toContain('page_cursor: ');
      }
    });

    it('stays correct when statements are added between pages', async () => {
      const customer = 'feedface-0000-4000-8000-000000000001';
      const month = (m: number) => new Date(Date.UTC(2025, m, 1)).toISOString();
      const add = (id: string, m: number) =>
        t.sandbox.addStatement({
          id,
          customer_id: customer,
          ref_id: `R-${id}`,
          status: 'STATEMENT_STATUS_PAID',
          period_start: month(m),
        });
      for (let m = 0; m < 10; m++) add(`s${m}`, m);

      const first = await list(`customer_id=${customer}&limit=4`);
      expect(first.statements.map((s) => s.id)).toEqual(['s9', 's8', 's7', 's6']);
      // Newer than the cursor (already passed), older (still ahead), and a tie with the cursor's
      // own period_start on either side of its id.
      add('new-newest', 11);
      add('new-oldest', -1);
      add('s6-a', 6); // "s6-a" > "s6": before s6 in DESC order, so already passed
      add('s5-z', 6); // "s5-z" < "s6": after s6 in DESC order, so still ahead
      const rest = await walk(`customer_id=${customer}`, 4, first.next_page_cursor);
      expect(rest.flat().map((s) => s.id)).toEqual([
        's5-z',
        's5',
        's4',
        's3',
        's2',
        's1',
        's0',
        'new-oldest',
      ]);
    });
  });

  it('answers statements with the contract’s fields', async () => {
    const [s] = (await list(`customer_id=${example}&limit=1&statuses=STATEMENT_STATUS_PAID`))
      .statements;
    expect(s).toMatchObject({
      id: expect.any(String),
      ref_id: expect.any(String),
      customer_id: example,
      type: 'STATEMENT_TYPE_USDG_REWARD',
      product: 'USDG_REWARDS',
      status: 'STATEMENT_STATUS_PAID',
      metadata: { total_amount: expect.stringMatching(/^[0-9]+\.[0-9]+$/) },
      period_start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      period_end: expect.any(String),
      generated_at: expect.any(String),
      created_at: expect.any(String),
      paid_at: expect.any(String),
    });
    for (const b of s!.statement_balances!) {
      expect(b.amount_paid).toMatch(/^[0-9]+\.[0-9]+$/);
      expect(b.total_amount_owed).toMatch(/^[0-9]+\.[0-9]+$/);
    }
  });
});
