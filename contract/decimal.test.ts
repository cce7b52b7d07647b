import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DECIMAL_MAX_LENGTH,
  DECIMAL_PATTERN,
  DecimalStringSchema,
  addDecimal,
  compareDecimal,
  formatDecimal,
  isDecimalString,
  isPositiveDecimal,
  isSameDecimal,
  multiplyDecimal,
  subtractDecimal,
  sumDecimals,
} from './decimal';

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

/** Unsigned decimals as the pattern defines them: digits, optionally a point, then at least one digit. */
const unsignedDecimal = fc
  .tuple(digits(0, 25), fc.boolean(), digits(1, 25))
  .map(([whole, point, tail]) => (point ? `${whole}.${tail}` : `${whole}${tail}`));

const signedDecimal = fc
  .tuple(fc.boolean(), unsignedDecimal)
  .map(([negative, value]) => (negative ? `-${value}` : value));

/** An independent oracle for the pattern, written as a scan instead of a regular expression. */
function looksDecimal(value: string): boolean {
  if (value.length === 0) return false;
  const points = [...value].filter((c) => c === '.').length;
  if (points > 1) return false;
  if ([...value].some((c) => c !== '.' && (c < '0' || c > '9'))) return false;
  return !value.endsWith('.');
}

describe('DECIMAL_PATTERN', () => {
  it('accepts the forms the upstream documents and refuses the rest', () => {
    for (const ok of ['0', '12', '12.50', '.5', '0.00000001', '007'])
      expect(DecimalStringSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of [
      '',
      '.',
      '1.',
      '-1',
      '+1',
      '1e5',
      '1E-7',
      '1,5',
      '1.2.3',
      ' 1',
      '1 ',
      'NaN',
      'Infinity',
      '0x10',
    ])
      expect(DecimalStringSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('bounds the length of a request amount', () => {
    expect(DecimalStringSchema.safeParse('1'.repeat(DECIMAL_MAX_LENGTH)).success).toBe(true);
    expect(DecimalStringSchema.safeParse('1'.repeat(DECIMAL_MAX_LENGTH + 1)).success).toBe(false);
  });

  it('property: accepts every string built from its grammar', () => {
    fc.assert(
      fc.property(unsignedDecimal, (value) => {
        expect(DECIMAL_PATTERN.test(value)).toBe(true);
      }),
    );
  });

  it('property: agrees with an independent scan on arbitrary strings over its alphabet and beyond', () => {
    const alphabet = fc.constantFrom(...'0123456789.', '-', 'e', ' ', '+', ',');
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 12 }), (value) => {
        expect(DECIMAL_PATTERN.test(value)).toBe(looksDecimal(value));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(DECIMAL_PATTERN.test(value)).toBe(looksDecimal(value));
      }),
    );
  });
});

describe('decimal arithmetic', () => {
  it('is exact where floating point is not', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(subtractDecimal('0.3', '0.1')).toBe('0.2');
    expect(addDecimal('123456789012345678.123456789012345678', '0.000000000000000001')).toBe(
      '123456789012345678.123456789012345679',
    );
    expect(subtractDecimal('1', '1.5')).toBe('-0.5');
    expect(subtractDecimal('1.10', '1.1')).toBe('0');
    expect(multiplyDecimal('0.5', '65000.10', 2)).toBe('32500.05');
    expect(multiplyDecimal('0.005', '1', 2)).toBe('0.01');
    expect(sumDecimals(['1.5', '2.25', '.25'])).toBe('4');
    expect(sumDecimals([])).toBe('0');
  });

  it('compares by value, not by text', () => {
    expect(compareDecimal('1.50', '1.5')).toBe(0);
    expect(compareDecimal('10', '9.999999999999999999999')).toBe(1);
    expect(compareDecimal('.5', '0.6')).toBe(-1);
    expect(compareDecimal('-2', '1')).toBe(-1);
    expect(isSameDecimal('007', '7.000')).toBe(true);
  });

  it('tells positive amounts apart', () => {
    for (const yes of ['1', '0.00000001', '.5', '007'])
      expect(isPositiveDecimal(yes), yes).toBe(true);
    for (const no of ['0', '0.000', '.0', '-1', '', '1e5', 'abc'])
      expect(isPositiveDecimal(no), no).toBe(false);
  });

  it('refuses what is not a plain decimal instead of guessing (big.js would read 1e5)', () => {
    for (const bad of ['1e5', '0x10', 'Infinity', 'NaN', '', ' 1', '1.'])
      expect(() => addDecimal(bad, '1'), bad).toThrow(/not a decimal string/);
    expect(isDecimalString('-3.25')).toBe(true);
    expect(isDecimalString('1e5')).toBe(false);
    // The one rule for every side (the SPA trims a response's text before asking it).
    for (const yes of ['12', '0.5', '.5', '-3.25', '007'])
      expect(isDecimalString(yes), yes).toBe(true);
    for (const no of ['1e5', '0x10', 'Infinity', '', ' 1', '1 ', '1.', '+1', '--1'])
      expect(isDecimalString(no), no).toBe(false);
  });

  it('property: (a + b) − b = a and (a − b) + b = a, by value', () => {
    fc.assert(
      fc.property(signedDecimal, signedDecimal, (a, b) => {
        expect(compareDecimal(subtractDecimal(addDecimal(a, b), b), a)).toBe(0);
        expect(compareDecimal(addDecimal(subtractDecimal(a, b), b), a)).toBe(0);
      }),
    );
  });

  it('property: a + b compares above a exactly when b is positive', () => {
    fc.assert(
      fc.property(signedDecimal, unsignedDecimal, (a, b) => {
        expect(compareDecimal(addDecimal(a, b), a)).toBe(isPositiveDecimal(b) ? 1 : 0);
      }),
    );
  });

  it('property: results are never in exponent notation, never "-0", and always match the signed pattern', () => {
    const tinyOrHuge = fc.oneof(
      signedDecimal,
      fc.integer({ min: 1, max: 400 }).map((n) => `0.${'0'.repeat(n)}1`),
      fc.integer({ min: 1, max: 400 }).map((n) => `1${'0'.repeat(n)}`),
    );
    fc.assert(
      fc.property(
        tinyOrHuge,
        tinyOrHuge,
        fc.option(fc.integer({ min: 0, max: 30 })),
        (a, b, dp) => {
          for (const result of [
            addDecimal(a, b),
            subtractDecimal(a, b),
            multiplyDecimal(a, b),
            multiplyDecimal(a, b, dp ?? undefined),
            formatDecimal(a),
            formatDecimal(a, dp ?? undefined),
            sumDecimals([a, b]),
          ]) {
            expect(result).not.toMatch(/e/i);
            expect(result).toMatch(/^-?[0-9]+(\.[0-9]+)?$/);
            expect(result).not.toMatch(/^-0(\.0*)?$/);
          }
        },
      ),
    );
  });

  it('formats tiny and huge values in plain notation', () => {
    expect(formatDecimal('0.0000000000000000000001')).toBe('0.0000000000000000000001');
    expect(formatDecimal('100000000000000000000000000000')).toBe('100000000000000000000000000000');
    expect(formatDecimal('.5')).toBe('0.5');
    expect(formatDecimal('1.005', 2)).toBe('1.01');
    expect(formatDecimal('-0.001', 2)).toBe('0.00');
  });
});
