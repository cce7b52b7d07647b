import { describe, expect, it } from 'vitest';
import { MeResponseSchema } from '#contract/session';
import { ProblemSchema } from '#contract/problem';
import { ListStatementPaymentsResponseSchema } from '#contract/statement-payments';
import { SEED_IDS } from '#sandbox/index';
import { type TestBff } from '#bff-test/start-test-bff';
import { createRecordingStore } from '#bff-test/recording-store';
import { companionBffsForSuite } from '#bff-test/test-bff-for-suite';

// Issue 39, item 3: GET /api/statements/payments against the local upstream, as a companion
// feature (scope statements:read_payment).

const CUSTOMER = SEED_IDS.exampleCustomer;
const UPSTREAM = 'GET /v2/statements/payments';

describe('statement payments through the BFF', () => {
  const { on, off } = companionBffsForSuite(() => ({
    env: { LOG_LEVEL: 'warn' },
    deps: { store: createRecordingStore() },
  }));

  const asked = (bff: TestBff) => bff.sandbox.stats().requests[UPSTREAM] ?? 0;

  it('lists a customer’s payments page by page in the service’s shape', async () => {
    const first = await on.request(
      'GET',
      `/api/statements/payments?customer_id=${CUSTOMER}&product=USDG_REWARDS&limit=10`,
    );
    expect(first.status).toBe(200);
    const page = ListStatementPaymentsResponseSchema.parse(first.body);
    expect(page.payments).toHaveLength(10);
    expect(page.next_page_cursor).not.toBe('');
    const rest = ListStatementPaymentsResponseSchema.parse(
      (
        await on.request(
          'GET',
          `/api/statements/payments?customer_id=${CUSTOMER}&product=USDG_REWARDS&limit=1000&page_cursor=${encodeURIComponent(page.next_page_cursor!)}`,
        )
      ).body,
    );
    expect(rest.next_page_cursor).toBe('');
    const ids = [...page.payments, ...rest.payments].map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const failed = ListStatementPaymentsResponseSchema.parse(
      (
        await on.request(
          'GET',
          `/api/statements/payments?customer_id=${CUSTOMER}&product=USDG_REWARDS&payment_status=PAYMENT_STATUS_FAILED`,
        )
      ).body,
    );
    expect(failed.payments.map((p) => p.payment_status)).toEqual(['PAYMENT_STATUS_FAILED']);
  });

  it('looks payments up by the statement’s ref_id', async () => {
    const res = await on.request(
      'GET',
      '/api/statements/payments?ref_ids=RWD-2026-06-cdcbff8e&ref_ids=RWD-2026-04-cdcbff8e',
    );
    expect(res.status).toBe(200);
    const page = ListStatementPaymentsResponseSchema.parse(res.body);
    expect(page.payments.map((p) => [p.ref_id, p.payment_amount])).toEqual([
      ['RWD-2026-06-cdcbff8e', '2137.94'],
      ['RWD-2026-06-cdcbff8e', '3206.92'],
      ['RWD-2026-04-cdcbff8e', '171.31'],
    ]);
    expect(page.next_page_cursor).toBe('');
  });

  it('refuses bad input with a 400 problem and sends nothing upstream', async () => {
    const before = asked(on);
    for (const query of [
      `ref_ids=RWD-2026-06-cdcbff8e&customer_id=${CUSTOMER}`,
      'ref_ids=RWD-2026-06-cdcbff8e&page_cursor=abc',
      'ref_ids=a&payment_ids=b',
      `customer_id=${CUSTOMER}`,
      `customer_id=${CUSTOMER}&product=USDG_REWARDS&payment_status=DONE`,
      `customer_id=${CUSTOMER}&product=USDG_REWARDS&limit=0`,
      `customer_id=${CUSTOMER}&product=USDG_REWARDS&statuses=PAID`,
      '',
    ]) {
      const res = await on.request('GET', `/api/statements/payments?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(ProblemSchema.parse(res.body).errors?.length, query).toBeGreaterThan(0);
    }
    expect(asked(on)).toBe(before);
  });

  it('without the scope (console-basic): the feature is off with the reason, nothing is asked', async () => {
    const me = MeResponseSchema.parse((await off.request('GET', '/api/me')).body);
    expect(me.features.statement_payments).toEqual({
      enabled: false,
      reason: expect.stringContaining('statements:read_payment'),
    });
    const onMe = MeResponseSchema.parse((await on.request('GET', '/api/me')).body);
    expect(onMe.features.statement_payments).toEqual({ enabled: true });
    const res = await off.request('GET', '/api/statements/payments?ref_ids=RWD-2026-06-cdcbff8e');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      title: 'Feature Unavailable',
      feature: 'statement_payments',
      detail: expect.stringContaining('statements:read_payment'),
    });
    expect(asked(off)).toBe(0);
    // The statements themselves still read.
    const statements = await off.request('GET', `/api/statements?customer_id=${CUSTOMER}&limit=1`);
    expect(statements.status).toBe(200);
  });
});
