import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListStatementPaymentsResponseSchema } from '#contract/statement-payments';
import { SCOPES } from '#contract/scopes';
import { SEED_IDS } from '../seed/seed';
import { BASIC_CLIENT } from '../app';
import { requestToken } from '../auth/token-request';
import { startTestSandbox, type TestSandbox } from '../testing/test-support';

// GET /v2/statements/payments as published (upstream-facts.md, "Reconciliation").

const CUSTOMER = SEED_IDS.exampleCustomer;
const BY_CUSTOMER = `customer_id=${CUSTOMER}&product=USDG_REWARDS`;

describe('statement payments of the local upstream', () => {
  let s: TestSandbox;
  let token: string;
  beforeAll(async () => {
    s = await startTestSandbox();
    token = await s.token([SCOPES.readStatementPayment]);
  });
  afterAll(async () => {
    await s.close();
  });

  const get = async (query: string) => {
    const res = await s.call('GET', `/v2/statements/payments?${query}`, { token });
    return { status: res.status, body: res.body as Record<string, unknown>, raw: res };
  };

  it('lists the customer’s payments newest first, paging with a string cursor empty at the end', async () => {
    const all = await get(`${BY_CUSTOMER}&limit=1000`);
    expect(all.status).toBe(200);
    const page = ListStatementPaymentsResponseSchema.parse(all.body);
    expect(page.next_page_cursor).toBe('');
    expect(page.payments.length).toBeGreaterThan(20);
    const created = page.payments.map((p) => p.created_at!);
    expect(created).toEqual([...created].sort().reverse());
    for (const payment of page.payments) {
      expect(typeof payment.metadata).toBe('string');
      expect(payment.payment_amount).toMatch(/^\d+\.\d{2}$/);
    }

    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 20; i++) {
      const next = await get(`${BY_CUSTOMER}&limit=7${cursor ? `&page_cursor=${cursor}` : ''}`);
      const read = ListStatementPaymentsResponseSchema.parse(next.body);
      seen.push(...read.payments.map((p) => p.id!));
      cursor = read.next_page_cursor ?? '';
      expect(typeof next.body.next_page_cursor).toBe('string');
      if (!cursor) break;
    }
    expect(seen).toEqual(page.payments.map((p) => p.id));

    const ascending = ListStatementPaymentsResponseSchema.parse(
      (await get(`${BY_CUSTOMER}&order=ASC&limit=1000`)).body,
    );
    expect(ascending.payments.map((p) => p.id)).toEqual([...seen].reverse());
  });

  it('seeds the cases an operator must tell apart', async () => {
    const byRef = async (ref: string) =>
      ListStatementPaymentsResponseSchema.parse((await get(`ref_ids=${ref}`)).body).payments;
    expect((await byRef('RWD-2026-07-cdcbff8e')).map((p) => p.payment_status)).toEqual([
      'PAYMENT_STATUS_PENDING',
    ]);
    const split = await byRef('RWD-2026-06-cdcbff8e');
    expect(split.map((p) => [p.payment_status, p.payment_amount])).toEqual([
      ['PAYMENT_STATUS_COMPLETED', '2137.94'],
      ['PAYMENT_STATUS_COMPLETED', '3206.92'],
    ]);
    expect((await byRef('RWD-2026-04-cdcbff8e')).map((p) => p.payment_amount)).toEqual(['171.31']);
    expect((await byRef('RWD-2026-03-cdcbff8e')).map((p) => p.payment_status)).toEqual([
      'PAYMENT_STATUS_COMPLETED',
      'PAYMENT_STATUS_FAILED',
    ]);
    const failed = await get(`${BY_CUSTOMER}&payment_status=PAYMENT_STATUS_FAILED`);
    expect(
      ListStatementPaymentsResponseSchema.parse(failed.body).payments.map((p) => p.ref_id),
    ).toEqual(['RWD-2026-03-cdcbff8e']);
    const one = split[0]!;
    const byId = ListStatementPaymentsResponseSchema.parse(
      (await get(`payment_ids=${one.id}`)).body,
    );
    expect(byId).toEqual({ payments: [one], next_page_cursor: '' });
    expect((await get(`ref_ids=nothing-here`)).body).toEqual({
      payments: [],
      next_page_cursor: '',
    });
  });

  it('refuses other parameters beside ref_ids or payment_ids, and a lookup without customer and product', async () => {
    for (const query of [
      `ref_ids=RWD-2026-06-cdcbff8e&customer_id=${CUSTOMER}`,
      'ref_ids=RWD-2026-06-cdcbff8e&limit=5',
      'ref_ids=a&payment_ids=b',
      'payment_ids=a&order=ASC',
      `customer_id=${CUSTOMER}`,
      'product=USDG_REWARDS',
      '',
      `${BY_CUSTOMER}&payment_status=PAID`,
      `${BY_CUSTOMER}&limit=1e2`,
      `${BY_CUSTOMER}&color=red`,
      `${BY_CUSTOMER}&page_cursor=bm90LWEtY3Vyc29y`,
    ]) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(res.raw.headers.get('content-type')).toMatch(/application\/problem\+json/);
    }
    const first = ListStatementPaymentsResponseSchema.parse(
      (await get(`${BY_CUSTOMER}&limit=2`)).body,
    );
    const otherFilters = await get(
      `${BY_CUSTOMER}&order=ASC&limit=2&page_cursor=${first.next_page_cursor}`,
    );
    expect(otherFilters.status).toBe(400);
  });

  it('needs the scope statements:read_payment', async () => {
    const statementsOnly = await s.token([SCOPES.listStatements]);
    const res = await s.call('GET', `/v2/statements/payments?${BY_CUSTOMER}`, {
      token: statementsOnly,
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toContain('statements:read_payment');
    const basic = await requestToken(s.url, BASIC_CLIENT, [SCOPES.readStatementPayment]);
    expect(basic.status).toBe(400);
    expect(await basic.json()).toMatchObject({ error: 'invalid_scope' });
  });
});
