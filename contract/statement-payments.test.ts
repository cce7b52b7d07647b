import { describe, expect, it } from 'vitest';
import type { Statement } from './statements';
import { reconcileStatementPayments } from './payment-reconciliation';
import {
  ListStatementPaymentsQuerySchema,
  ListStatementPaymentsResponseSchema,
  StatementPaymentSchema,
  type StatementPayment,
} from './statement-payments';

const CUSTOMER = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';

describe('the statement payment read tolerantly', () => {
  it('requires no member and keeps unknown statuses and fields', () => {
    expect(StatementPaymentSchema.parse({})).toEqual({});
    const read = StatementPaymentSchema.parse({
      id: 'p1',
      payment_status: 'PAYMENT_STATUS_REVERSED',
      payment_type: 'PAYMENT_TYPE_SOMETHING_NEW',
      metadata: '{"a":1}',
      extra: { kept: true },
    });
    expect(read).toMatchObject({
      payment_status: 'PAYMENT_STATUS_REVERSED',
      payment_type: 'PAYMENT_TYPE_SOMETHING_NEW',
      metadata: '{"a":1}',
      extra: { kept: true },
    });
  });

  it('leaves a wrongly typed amount or metadata out, named, never guessed', () => {
    const read = StatementPaymentSchema.parse({
      id: 'p1',
      payment_amount: 120.5,
      metadata: { not: 'a string' },
      payment_asset: null,
    });
    expect(read.payment_amount).toBeUndefined();
    expect(read.metadata).toBeUndefined();
    expect(read.unreadable?.fields.sort()).toEqual(['metadata', 'payment_amount']);
    expect(StatementPaymentSchema.parse({ payment_amount: '1e3' }).unreadable?.fields).toEqual([
      'payment_amount',
    ]);
  });

  it('reads a page with no payments, nulls, and one unreadable record', () => {
    expect(ListStatementPaymentsResponseSchema.parse({})).toEqual({ payments: [] });
    expect(
      ListStatementPaymentsResponseSchema.parse({ payments: null, next_page_cursor: null }),
    ).toEqual({ payments: [] });
    const page = ListStatementPaymentsResponseSchema.parse({
      payments: [{ id: 'a' }, 'not a record'],
      next_page_cursor: '',
    });
    expect(page.payments[1]?.unreadable?.fields).toEqual(['(the whole record)']);
  });
});

describe('the payments query', () => {
  const ok = (query: Record<string, unknown>) => ListStatementPaymentsQuerySchema.safeParse(query);
  const paths = (query: Record<string, unknown>) => {
    const result = ok(query);
    return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
  };

  it('takes ref_ids or payment_ids alone, repeated or once', () => {
    expect(ok({ ref_ids: 'RWD-1' }).data).toEqual({ ref_ids: ['RWD-1'] });
    expect(ok({ payment_ids: ['a', 'b'] }).success).toBe(true);
    expect(paths({ ref_ids: ['a'], customer_id: CUSTOMER, limit: '5' })).toEqual([
      'customer_id',
      'limit',
    ]);
    expect(paths({ ref_ids: 'a', payment_ids: 'b' })).toEqual(['payment_ids']);
    expect(paths({ ref_ids: [] })).toEqual(['ref_ids']);
  });

  it('otherwise needs customer_id with product, and checks the rest strictly', () => {
    expect(
      ok({
        customer_id: CUSTOMER,
        product: 'USDG_REWARDS',
        payment_status: 'PAYMENT_STATUS_FAILED',
        limit: '50',
        order: 'ASC',
        page_cursor: 'abc',
      }).data,
    ).toMatchObject({ limit: 50, order: 'ASC' });
    expect(paths({ customer_id: CUSTOMER })).toEqual(['product']);
    expect(paths({})).toEqual(['customer_id', 'product']);
    const base = { customer_id: CUSTOMER, product: 'USDG_REWARDS' };
    expect(paths({ ...base, payment_status: 'COMPLETED' })).toEqual(['payment_status']);
    expect(paths({ ...base, product: 'OTHER' })).toEqual(['product']);
    expect(paths({ ...base, limit: '1e2' })).toEqual(['limit']);
    expect(paths({ ...base, limit: '1001' })).toEqual(['limit']);
    expect(paths({ ...base, colour: 'red' })).toEqual(['']);
    expect(paths({ ...base, customer_id: 'a\u0000b' })).toEqual(['customer_id']);
  });
});

const statement = (paid: Array<[string, string]>, status = 'STATEMENT_STATUS_PAID'): Statement => ({
  ref_id: 'RWD-1',
  status,
  statement_balances: paid.map(([asset, amount]) => ({
    asset,
    amount_paid: amount,
    total_amount_owed: amount,
  })),
});
const payment = (
  amount: string | undefined,
  status = 'PAYMENT_STATUS_COMPLETED',
  asset: string | undefined = 'USDG',
  refId = 'RWD-1',
): StatementPayment => ({
  ref_id: refId,
  payment_status: status,
  ...(asset ? { payment_asset: asset } : {}),
  ...(amount !== undefined ? { payment_amount: amount } : {}),
});

describe('the reconciliation line', () => {
  const line = (s: Statement, p: StatementPayment[]) => reconcileStatementPayments(s, p);

  it('says paid = n completed payments when they add up exactly', () => {
    expect(line(statement([['USDG', '120.00']]), [payment('70.00'), payment('50')])).toEqual({
      kind: 'matches',
      line: 'paid 120.00 USDG = 2 completed payments',
    });
    expect(line(statement([['USDG', '120']]), [payment('120.000000')]).line).toBe(
      'paid 120.000000 USDG = 1 completed payment',
    );
  });

  it('adds with decimals, not floats: 0.1 + 0.2 settles 0.3', () => {
    expect(line(statement([['USDG', '0.3']]), [payment('0.1'), payment('0.2')]).kind).toBe(
      'matches',
    );
  });

  it('says differs with both sums, never rounding a difference away', () => {
    expect(line(statement([['USDG', '120.00']]), [payment('100.00')])).toEqual({
      kind: 'differs',
      line: 'differs: paid 120.00, completed payments 100.00 USDG',
    });
    expect(line(statement([['USDG', '100.00']]), [payment('100.004')]).line).toBe(
      'differs: paid 100.000, completed payments 100.004 USDG',
    );
    expect(
      line(statement([['USDG', '99999999999999999999.01']]), [payment('99999999999999999999.02')])
        .kind,
    ).toBe('differs');
  });

  it('counts only completed payments; pending, failed and unknown statuses settle nothing', () => {
    const s = statement([['USDG', '120.00']]);
    expect(line(s, [payment('120.00', 'PAYMENT_STATUS_PENDING')])).toEqual({
      kind: 'no-completed-payment',
      line: 'paid, no completed payment',
    });
    expect(line(s, [payment('120.00', 'PAYMENT_STATUS_FAILED'), payment('120.00')]).line).toBe(
      'paid 120.00 USDG = 1 completed payment',
    );
    expect(line(s, [payment('120.00', 'PAYMENT_STATUS_SETTLED_LATER')]).kind).toBe(
      'no-completed-payment',
    );
    expect(line(s, []).line).toBe('paid, no completed payment');
  });

  it('ignores payments of other statements', () => {
    const s = statement([['USDG', '120.00']]);
    expect(line(s, [payment('120.00', undefined, 'USDG', 'RWD-2')]).kind).toBe(
      'no-completed-payment',
    );
  });

  it('an unpaid statement with no completed payment is consistent; with one it differs', () => {
    const unpaid = statement([['USDG', '0.00']], 'STATEMENT_STATUS_GENERATED');
    expect(line(unpaid, [payment('5.00', 'PAYMENT_STATUS_PENDING')])).toEqual({
      kind: 'not-paid',
      line: 'not paid, no completed payment',
    });
    expect(line(unpaid, [payment('5.00')]).line).toBe(
      'differs: paid 0.00, completed payments 5.00 USDG',
    );
  });

  it('compares each asset on its own', () => {
    const s = statement([
      ['USDG', '10.00'],
      ['PYUSD', '5.00'],
    ]);
    expect(line(s, [payment('10.00'), payment('5', undefined, 'PYUSD')]).line).toBe(
      'paid 10.00 USDG and 5.00 PYUSD = 2 completed payments',
    );
    expect(line(s, [payment('10.00'), payment('5.00', undefined, 'USDC')]).line).toBe(
      'differs: paid 5.00, completed payments 0.00 PYUSD; paid 0.00, completed payments 5.00 USDC',
    );
  });

  it('cannot reconcile what it cannot read', () => {
    const s = statement([['USDG', '120.00']]);
    expect(line({ ...s, ref_id: undefined }, [payment('120.00')]).line).toBe(
      'cannot reconcile: the statement has no ref_id',
    );
    expect(line(s, [payment(undefined)]).kind).toBe('unreadable');
    expect(
      line(s, [
        { ref_id: 'RWD-1', payment_status: 'PAYMENT_STATUS_COMPLETED', payment_amount: '1' },
      ]).kind,
    ).toBe('unreadable');
    expect(line({ ref_id: 'RWD-1', statement_balances: [{ asset: 'USDG' }] }, []).kind).toBe(
      'unreadable',
    );
  });
});
