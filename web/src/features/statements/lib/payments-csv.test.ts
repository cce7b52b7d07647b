import { describe, expect, it } from 'vitest';
import { STATEMENT_PAYMENT_FIELDS } from '#contract/statement-payments';
import { paymentsCsv } from './payments-csv';

describe('paymentsCsv', () => {
  it('writes one column per published member, values as sent, through the CSV cell rule', () => {
    const csv = paymentsCsv([
      {
        id: 'p1',
        ref_id: 'RWD-2026-04-cdcbff8e',
        payment_amount: '171.310000',
        payment_status: 'PAYMENT_STATUS_SOMETHING_NEW',
        description: '=HYPERLINK("x")',
        metadata: '{"statement_id":"s1","attempt":1}',
      },
      {},
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(STATEMENT_PAYMENT_FIELDS.join(','));
    expect(lines[0]).toContain('payment_tx_id');
    expect(lines[0]).not.toContain('unreadable');
    expect(lines[1]).toContain('171.310000');
    expect(lines[1]).toContain('PAYMENT_STATUS_SOMETHING_NEW');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('"{""statement_id"":""s1"",""attempt"":1}"');
    expect(lines[2]).toBe(','.repeat(STATEMENT_PAYMENT_FIELDS.length - 1));
    expect(lines[3]).toBe('');
  });
});
