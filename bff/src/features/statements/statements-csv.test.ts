import { describe, expect, it } from 'vitest';
import { csvCell } from '#contract/csv-cell';
import { CSV_HEADER, CSV_COLUMNS, statementCsvRows } from './statements-csv';

describe('statements CSV', () => {
  it('quotes per RFC 4180 and defuses spreadsheet formulas, leaving amounts alone', () => {
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('1234.000000000000000001')).toBe('1234.000000000000000001');
  });

  it('writes the columns docs/statements-csv.md documents, read from the contract', () => {
    expect(CSV_HEADER).toBe(
      'id,ref_id,customer_id,type,product,status,total_amount,period_start,period_end,' +
        'generated_at,created_at,paid_at,statement_group_id,version,superseded_by_version,' +
        'balance_asset,' +
        'balance_amount_paid,balance_total_amount_owed,balance_next_payment_ref_id,other_fields\r\n',
    );
  });

  it('writes one row per balance with every field, unknown fields kept as JSON', () => {
    const { text, rows } = statementCsvRows({
      id: 's-1',
      customer_id: 'c-1',
      status: 'STATEMENT_STATUS_FUTURE',
      metadata: { total_amount: '10.5', region: 'EU' },
      statement_balances: [
        { asset: 'USDG', amount_paid: '1', total_amount_owed: '2' },
        { asset: 'USDC', amount_paid: '3', total_amount_owed: '4', next_payment_ref_id: 'r-9' },
      ],
      version: 2,
      data: { x: 1 },
      files: [{ url: 'https://signed.example/abc' }],
    });
    expect(rows).toBe(2);
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(',');
    const at = (column: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(column);
    expect(cells[at('id')]).toBe('s-1');
    expect(cells[at('status')]).toBe('STATEMENT_STATUS_FUTURE');
    // The total is the statement's: on its first row only, so a column sum counts it once.
    expect(lines[0]!.split(',')[at('total_amount')]).toBe('10.5');
    expect(cells[at('total_amount')]).toBe('');
    expect(cells[at('id')]).toBe('s-1');
    expect(cells[at('version')]).toBe('2');
    expect(cells[at('balance_asset')]).toBe('USDC');
    expect(cells[at('balance_next_payment_ref_id')]).toBe('r-9');
    expect(lines[1]).toContain('"{""data"":{""x"":1},""metadata"":{""region"":""EU""}}"');
    // Short-lived download links are not exported.
    expect(text).not.toContain('signed.example');
  });

  it('writes one row with empty balance columns for a statement without balances', () => {
    const { text, rows } = statementCsvRows({ id: 's-2' });
    expect(rows).toBe(1);
    expect(text).toBe(`s-2${','.repeat(CSV_COLUMNS.length - 1)}\r\n`);
  });
});
