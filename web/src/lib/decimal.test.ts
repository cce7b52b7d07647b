import { describe, expect, it } from 'vitest';
import { isDecimalString } from '#contract/decimal';
import {
  compareDecimal,
  formatAmount,
  formatDecimalForDisplay,
  groupAmountsInText,
  subtractDecimal,
  usualPlacesOf,
} from './decimal';

describe('groupAmountsInText', () => {
  it('groups figures written before an asset code, digits untouched', () => {
    expect(groupAmountsInText('A withdrawal worth 6000.00 USD needs Travel Rule data')).toBe(
      'A withdrawal worth 6,000.00 USD needs Travel Rule data',
    );
    expect(groupAmountsInText('holds 1234567.000000000000000001 ETH')).toBe(
      'holds 1,234,567.000000000000000001 ETH',
    );
  });

  it('leaves ids, years and figures without an asset alone', () => {
    expect(groupAmountsInText('No profile has the id 12345678 in 2026')).toBe(
      'No profile has the id 12345678 in 2026',
    );
    expect(groupAmountsInText('already 1,000.00 USD')).toBe('already 1,000.00 USD');
  });
});

describe('screen decimals (one rule: contract isDecimalString, on the trimmed text)', () => {
  it('reads what the contract calls a decimal, tolerating surrounding spaces', () => {
    expect(isDecimalString(' 12.5 ')).toBe(false);
    expect(subtractDecimal(' 12.5 ', '2')).toBe('10.5');
    expect(compareDecimal('-3.25 ', '1')).toBe(-1);
    expect(formatDecimalForDisplay(' 1234.50 ')).toBe('1,234.50');
  });

  it('answers undefined (or the text as it is) for what is not a decimal', () => {
    for (const bad of ['1e5', '0x10', 'Infinity', '', '1.'] as const) {
      expect(isDecimalString(bad.trim()), bad).toBe(false);
      expect(subtractDecimal(bad, '1'), bad).toBeUndefined();
      expect(compareDecimal('1', bad), bad).toBeUndefined();
      expect(formatDecimalForDisplay(bad), bad).toBe(bad);
    }
  });
});

describe('formatAmount', () => {
  it('pads to the places given and groups, never rounds', () => {
    expect(formatAmount('7343', 2)).toBe('7,343.00');
    expect(formatAmount('5192.9', 2)).toBe('5,192.90');
    expect(formatAmount('0.123456789', 2)).toBe('0.123456789');
    expect(formatAmount('-1', 8)).toBe('-1.00000000');
    expect(formatAmount('1234.5')).toBe('1,234.5');
    expect(formatAmount('n/a', 2)).toBe('n/a');
  });

  it('takes the most usual places among the assets of a figure', () => {
    expect(usualPlacesOf(['USDG', 'PYUSD'])).toBe(2);
    expect(usualPlacesOf(['USDG', 'BTC'])).toBe(8);
    expect(usualPlacesOf(['ETH'])).toBe(8);
    expect(usualPlacesOf(['NOPE', undefined])).toBeUndefined();
  });
});
