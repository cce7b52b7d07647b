import { describe, expect, it } from 'vitest';
import { ListStatementsResponseSchema, StatementSchema } from './statements';
import { WHOLE_RECORD } from './tolerant-read';

// The service requires no member of a page, a statement or a balance (docs/upstream-contract.md).
const statement = {
  id: 's-1',
  ref_id: 'RWD-2025-06-cdcbff8e',
  customer_id: 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a',
  type: 'STATEMENT_TYPE_USDG_REWARD',
  product: 'USDG_REWARDS',
  status: 'STATEMENT_STATUS_PAID',
  metadata: { total_amount: '10.00' },
  statement_balances: [
    { asset: 'USDG', amount_paid: '10.00', total_amount_owed: '10.00', next_payment_ref_id: 'n' },
  ],
  period_start: '2025-06-01T00:00:00Z',
  period_end: '2025-07-01T00:00:00Z',
  generated_at: '2025-07-01T01:00:00Z',
  created_at: '2025-06-01T00:00:00Z',
  paid_at: '2025-07-02T00:00:00Z',
  statement_group_id: 'g-1',
  version: 1,
  files: [{ url: 'https://files.invalid/a.pdf', expires_at: '2025-07-02T00:00:00Z' }],
} as const;

const without = (object: object, key: string) =>
  Object.fromEntries(Object.entries(object).filter(([name]) => name !== key));

describe('ListStatementsResponse (tolerant)', () => {
  it('reads {} and a null list as an empty last page', () => {
    expect(ListStatementsResponseSchema.parse({})).toEqual({ statements: [] });
    expect(
      ListStatementsResponseSchema.parse({ statements: null, next_page_cursor: null }),
    ).toEqual({ statements: [] });
  });

  for (const key of Object.keys(statement) as (keyof typeof statement)[]) {
    it(`reads a statement without ${key}, and with ${key}: null, as "not given"`, () => {
      for (const variant of [without(statement, key), { ...statement, [key]: null }]) {
        const page = ListStatementsResponseSchema.parse({ statements: [variant] });
        const read = page.statements[0]!;
        expect(read[key]).toBeUndefined();
        expect(read.unreadable).toBeUndefined();
        expect(read.id).toBe(key === 'id' ? undefined : 's-1');
      }
    });
  }

  for (const key of ['asset', 'amount_paid', 'total_amount_owed', 'next_payment_ref_id'] as const) {
    it(`reads a balance without ${key}`, () => {
      const balance = without(statement.statement_balances[0], key);
      const read = StatementSchema.parse({ ...statement, statement_balances: [balance, null] });
      expect(read.statement_balances?.[0]?.[key]).toBeUndefined();
    });
  }

  it('reads version as a string (a 64-bit integer through a JSON gateway) or a number', () => {
    expect(StatementSchema.parse({ ...statement, version: '9007199254740993' }).version).toBe(
      '9007199254740993',
    );
    expect(StatementSchema.parse({ ...statement, version: 2 }).version).toBe(2);
  });

  it('keeps unknown members and unknown enum values raw', () => {
    const read = StatementSchema.parse({
      ...statement,
      status: 'STATEMENT_STATUS_DISPUTED',
      rewards_rate: '0.04',
    });
    expect(read.status).toBe('STATEMENT_STATUS_DISPUTED');
    expect(read).toMatchObject({ rewards_rate: '0.04' });
  });

  it('marks what it cannot read and keeps the rest and the raw JSON: the page still parses', () => {
    const bad = {
      ...statement,
      id: 42,
      metadata: { total_amount: 10 },
      statement_balances: [{ asset: 'USDG', amount_paid: 1.5, total_amount_owed: '2' }],
    };
    const page = ListStatementsResponseSchema.parse({ statements: [statement, bad, 'garbage'] });
    expect(page.statements).toHaveLength(3);
    const read = page.statements[1]!;
    expect(read.id).toBeUndefined();
    expect(read.metadata?.total_amount).toBeUndefined();
    expect(read.statement_balances?.[0]).toEqual({ asset: 'USDG', total_amount_owed: '2' });
    expect(read.ref_id).toBe(statement.ref_id);
    expect(read.unreadable?.fields.sort()).toEqual([
      'id',
      'metadata.total_amount',
      'statement_balances.0.amount_paid',
    ]);
    expect(read.unreadable?.raw).toEqual(bad);
    expect(page.statements[2]).toEqual({ unreadable: { fields: [WHOLE_RECORD], raw: 'garbage' } });
    expect(page.statements[0]!.unreadable).toBeUndefined();
  });
});
