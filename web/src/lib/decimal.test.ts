import { describe, expect, it } from 'vitest';
import { groupAmountsInText } from './decimal';

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
