import { describe, expect, it } from 'vitest';
import type { StatementPayment } from '#contract/statement-payments';
import type { Statement } from '#contract/statements';
import { differingStatements } from './differing-statements';

const st = (ref: string, paid: string, status = 'STATEMENT_STATUS_PAID'): Statement => ({
  id: ref,
  ref_id: ref,
  status,
  statement_balances: [{ asset: 'USDG', amount_paid: paid, total_amount_owed: paid }],
});
const pay = (
  ref: string,
  amount: string,
  status = 'PAYMENT_STATUS_COMPLETED',
): StatementPayment => ({
  ref_id: ref,
  payment_asset: 'USDG',
  payment_amount: amount,
  payment_status: status,
});

describe('differingStatements', () => {
  it('keeps only statements whose payments do not settle them, in the statements’ order', () => {
    const statements = [
      st('A', '10.00'),
      st('B', '20.00'),
      st('C', '30.00'),
      st('D', '0.00', 'STATEMENT_STATUS_GENERATED'),
      { ...st('E', '5.00'), ref_id: undefined },
    ];
    const payments = [
      pay('A', '10.00'),
      pay('B', '15.00'),
      pay('B', '5.00', 'PAYMENT_STATUS_FAILED'),
      pay('C', '30.00', 'PAYMENT_STATUS_PENDING'),
      pay('D', '1.00', 'PAYMENT_STATUS_PENDING'),
      pay('Z', '99.00'),
      { payment_amount: '1.00' },
    ];
    const rows = differingStatements(statements, payments);
    expect(rows.map((r) => [r.statement.id, r.reconciliation.line])).toEqual([
      ['B', 'differs: paid 20.00, completed payments 15.00 USDG'],
      ['C', 'paid, no completed payment'],
      ['E', 'cannot reconcile: the statement has no ref_id'],
    ]);
    expect(rows[0]!.payments).toHaveLength(2);
  });
});
