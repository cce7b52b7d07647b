import { describe, expect, it } from 'vitest';
import {
  ListStatementsQuerySchema,
  ListStatementsResponseSchema,
  STATEMENT_BALANCE_FIELDS,
  STATEMENT_FIELDS,
  STATEMENT_FILE_FIELDS,
  STATEMENT_METADATA_FIELDS,
  STATEMENTS_MAX_LIMIT,
  statementsQueryToSearchParams,
} from './statements';

describe('ListStatementsQuery (strict)', () => {
  it('requires customer_id and rejects unknown parameters', () => {
    expect(ListStatementsQuerySchema.safeParse({}).success).toBe(false);
    expect(ListStatementsQuerySchema.safeParse({ customer_id: 'c', page: '2' }).success).toBe(
      false,
    );
  });

  it('turns a single or repeated parameter into an array and checks the statuses', () => {
    expect(
      ListStatementsQuerySchema.parse({ customer_id: 'c', statuses: 'STATEMENT_STATUS_PAID' })
        .statuses,
    ).toEqual(['STATEMENT_STATUS_PAID']);
    expect(
      ListStatementsQuerySchema.safeParse({ customer_id: 'c', statuses: ['PAID'] }).success,
    ).toBe(false);
  });

  it('bounds limit to 1..max and whole numbers', () => {
    for (const limit of ['0', '-1', '1.5', 'ten', String(STATEMENTS_MAX_LIMIT + 1)])
      expect(ListStatementsQuerySchema.safeParse({ customer_id: 'c', limit }).success, limit).toBe(
        false,
      );
    expect(ListStatementsQuerySchema.parse({ customer_id: 'c', limit: '1000' }).limit).toBe(1000);
  });

  it('serialises arrays as repeated parameters', () => {
    const params = statementsQueryToSearchParams(
      ListStatementsQuerySchema.parse({ customer_id: 'c', ref_ids: ['a', 'b'], order: 'ASC' }),
    );
    expect(params.getAll('ref_ids')).toEqual(['a', 'b']);
    expect(params.get('order')).toBe('ASC');
  });
});

describe('ListStatementsResponse (tolerant)', () => {
  it('keeps unknown fields and unknown enum values; optional fields may be absent', () => {
    const parsed = ListStatementsResponseSchema.parse({
      statements: [
        {
          id: 's-1',
          status: 'STATEMENT_STATUS_DISPUTED',
          product: 'NEW_PRODUCT',
          statement_balances: [
            { asset: 'USDG', amount_paid: '0', total_amount_owed: '1.5', rate: '0.04' },
          ],
          region: 'EU',
        },
        { id: 's-2' },
      ],
      total_count: 2,
    });
    expect(parsed.total_count).toBe(2);
    expect(parsed.next_page_cursor).toBeUndefined();
    expect(parsed.statements[0]).toMatchObject({
      status: 'STATEMENT_STATUS_DISPUTED',
      product: 'NEW_PRODUCT',
      region: 'EU',
    });
    expect(parsed.statements[0]?.statement_balances?.[0]).toMatchObject({ rate: '0.04' });
    expect(parsed.statements[1]).toEqual({ id: 's-2' });
  });
});

describe('statement field lists (read from the schema)', () => {
  it('name every member the schema names, in its order', () => {
    expect(STATEMENT_FIELDS).toEqual([
      'id',
      'ref_id',
      'customer_id',
      'type',
      'product',
      'status',
      'metadata',
      'statement_balances',
      'period_start',
      'period_end',
      'generated_at',
      'created_at',
      'paid_at',
      'statement_group_id',
      'version',
      'files',
    ]);
    expect(STATEMENT_METADATA_FIELDS).toEqual(['total_amount']);
    expect(STATEMENT_BALANCE_FIELDS).toEqual([
      'asset',
      'amount_paid',
      'total_amount_owed',
      'next_payment_ref_id',
    ]);
    expect(STATEMENT_FILE_FIELDS).toEqual(['url', 'expires_at', 'format', 'name']);
  });

  it('leave out what the console sets itself (unreadable)', () => {
    expect(STATEMENT_FIELDS).not.toContain('unreadable');
  });
});
