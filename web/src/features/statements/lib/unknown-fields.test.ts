import { describe, expect, it } from 'vitest';
import { StatementSchema } from '#contract/statements';
import { fieldText, safeFileHref, unknownFields } from './unknown-fields';

describe('unknownFields', () => {
  it('lists every field the page does not present by name, nested ones included', () => {
    const statement = StatementSchema.parse({
      id: 's1',
      status: 'STATEMENT_STATUS_SOMETHING_NEW',
      metadata: { total_amount: '1', period_label: 'Jan' },
      statement_balances: [
        { asset: 'USDG', amount_paid: '1', total_amount_owed: '2', rate: '0.04' },
      ],
      files: [{ url: 'https://x/y.pdf', checksum: 'abc' }],
      data: { a: 1 },
    });
    expect(unknownFields(statement)).toEqual([
      { path: 'data', value: { a: 1 } },
      { path: 'metadata.period_label', value: 'Jan' },
      { path: 'statement_balances[0].rate', value: '0.04' },
      { path: 'files[0].checksum', value: 'abc' },
    ]);
  });

  it('formats values as text', () => {
    expect(fieldText('x')).toBe('x');
    expect(fieldText({ a: 1 })).toBe('{\n  "a": 1\n}');
  });

  it('links only web URLs', () => {
    expect(safeFileHref('https://files.example/s.pdf')).toBe('https://files.example/s.pdf');
    expect(safeFileHref('javascript:alert(1)')).toBeUndefined();
    expect(safeFileHref('not a url')).toBeUndefined();
  });
});
