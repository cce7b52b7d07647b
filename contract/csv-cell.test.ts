import { describe, expect, it } from 'vitest';
import { csvCell } from './csv-cell';

describe('csvCell', () => {
  it('quotes per RFC 4180', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('guards text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-1+2')).toBe("'-1+2");
    expect(csvCell('-2-3')).toBe("'-2-3");
    expect(csvCell('-1e3')).toBe("'-1e3");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('-')).toBe("'-");
  });

  it('keeps a plain negative number a value: -1 is data, not a formula', () => {
    // The audit export once wrote '-1 and the statements export -1: one rule for both now.
    expect(csvCell('-1')).toBe('-1');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('-.5')).toBe('-.5');
    expect(csvCell('1234.000000000000000001')).toBe('1234.000000000000000001');
    expect(csvCell(-1)).toBe('-1');
  });

  it('writes a non-string as its JSON', () => {
    expect(csvCell(7)).toBe('7');
    expect(csvCell({ a: 1, b: 2 })).toBe('"{""a"":1,""b"":2}"');
  });
});
