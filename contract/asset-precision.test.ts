import { describe, expect, it } from 'vitest';
import { createCryptoWithdrawalRequestSchema } from './withdrawals';
import { ASSET_DECIMALS, assetDecimals, decimalPlaces, precisionIssue } from './asset-precision';

describe('per-asset precision', () => {
  it('names the places of the assets the service documents', () => {
    expect(ASSET_DECIMALS.ETH).toBe(18);
    expect(ASSET_DECIMALS.BTC).toBe(8);
    expect(assetDecimals('NOPE')).toBeUndefined();
    expect(assetDecimals('constructor')).toBeUndefined();
  });

  it('counts the digits after the point as sent', () => {
    expect(decimalPlaces('12')).toBe(0);
    expect(decimalPlaces('.5')).toBe(1);
    expect(decimalPlaces('1.500')).toBe(3);
  });

  it('takes 18 ETH decimals and refuses 19, naming the precision', () => {
    expect(precisionIssue('ETH', `0.${'1'.repeat(18)}`)).toBeUndefined();
    expect(precisionIssue('ETH', `0.${'1'.repeat(19)}`)).toBe(
      'ETH takes at most 18 decimal places; this amount has 19',
    );
    expect(precisionIssue('BTC', '0.123456789')).toMatch(/at most 8/);
    expect(precisionIssue('UNLISTED', `0.${'1'.repeat(40)}`)).toBeUndefined();
  });
});

describe('the withdrawal request schema applies the precision table (form and BFF alike)', () => {
  const base = {
    profile_id: 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
    destination_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    crypto_network: 'ETHEREUM',
    asset: 'ETH',
  };
  const schema = createCryptoWithdrawalRequestSchema({ allowTestnet: false });

  it('refuses an ETH amount or total with 19 decimals, on that field', () => {
    for (const field of ['amount', 'total'] as const) {
      const result = schema.safeParse({ ...base, [field]: `1.${'0'.repeat(18)}1` });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        [field, 'ETH takes at most 18 decimal places; this amount has 19'],
      ]);
    }
    expect(schema.safeParse({ ...base, amount: `1.${'0'.repeat(17)}1` }).success).toBe(true);
  });
});
