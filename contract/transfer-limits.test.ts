import { describe, expect, it } from 'vitest';
import {
  checkWithdrawalLimits,
  exceededWithdrawalLimit,
  limitKindOf,
  type TransferLimit,
} from './transfer-limits';

const usd24h: TransferLimit = {
  rule_id: 'usd-24h',
  transfer_types: ['CRYPTO_WITHDRAWAL'],
  period_seconds: '86400',
  limit: '1000000',
  remaining: '1000',
  limit_asset: 'USD',
};
const btcPerTx: TransferLimit = {
  id: 'u-1',
  rule_id: 'btc-tx',
  transfer_types: ['CRYPTO_WITHDRAWAL'],
  period_seconds: '0',
  limit: '0.5',
  remaining: '0.5',
  limit_asset: 'BTC',
};
const ethWeek: TransferLimit = {
  ...usd24h,
  rule_id: 'eth-7d',
  limit: '10',
  remaining: '2',
  limit_asset: 'ETH',
};
const fiat: TransferLimit = {
  ...usd24h,
  rule_id: 'fiat',
  transfer_types: ['FIAT_WITHDRAWAL'],
  remaining: '0',
};
const ALL = [usd24h, btcPerTx, ethWeek, fiat];

describe('withdrawal limits', () => {
  it('tells a single-transaction rule ("0") from a per-period one', () => {
    expect(limitKindOf(btcPerTx)).toBe('per_transaction');
    expect(limitKindOf({ ...btcPerTx, period_seconds: '0.0' })).toBe('per_transaction');
    expect(limitKindOf(usd24h)).toBe('per_period');
    expect(limitKindOf({ ...usd24h, period_seconds: 'soon' })).toBe('per_period');
  });

  it("measures the asset's rules in the asset and the USD rules at the USD value", () => {
    const checks = checkWithdrawalLimits(ALL, { asset: 'BTC', amount: '0.01', usdValue: '600.00' });
    expect(checks.map((c) => [c.limit.rule_id, c.kind, c.allowed, c.measured, c.outcome])).toEqual([
      ['usd-24h', 'per_period', '1000', '600.00', 'within'],
      ['btc-tx', 'per_transaction', '0.5', '0.01', 'within'],
    ]);
  });

  it('flags a transaction above the per-transaction limit first, then what remains of a period', () => {
    expect(
      exceededWithdrawalLimit(ALL, { asset: 'BTC', amount: '0.6', usdValue: '36000.00' })?.limit
        .rule_id,
    ).toBe('btc-tx');
    expect(
      exceededWithdrawalLimit(ALL, { asset: 'BTC', amount: '0.4', usdValue: '24000.00' })?.limit
        .rule_id,
    ).toBe('usd-24h');
    expect(
      exceededWithdrawalLimit(ALL, { asset: 'ETH', amount: '2.000001', usdValue: '1' }),
    ).toMatchObject({
      kind: 'per_period',
      allowed: '2',
    });
    expect(
      exceededWithdrawalLimit(ALL, { asset: 'ETH', amount: '2', usdValue: '1000' }),
    ).toBeUndefined();
  });

  it('values a stablecoin 1:1 and says "unknown" (never exceeded, never 0) without a USD value', () => {
    expect(exceededWithdrawalLimit(ALL, { asset: 'USDG', amount: '1000.01' })?.limit.rule_id).toBe(
      'usd-24h',
    );
    const [check] = checkWithdrawalLimits(ALL, { asset: 'LINK', amount: '5' });
    expect(check).toMatchObject({ outcome: 'unknown', measured: undefined });
    expect(exceededWithdrawalLimit(ALL, { asset: 'LINK', amount: '5' })).toBeUndefined();
  });

  it('ignores rules of other transfer types and other assets', () => {
    const checks = checkWithdrawalLimits([fiat, ethWeek], {
      asset: 'BTC',
      amount: '1',
      usdValue: '1',
    });
    expect(checks).toEqual([]);
  });

  it('checks a rule with members missing by what it has, and never on a guess (issue 37)', () => {
    const ethPerTx: TransferLimit = {
      rule_id: 'eth-tx',
      period_seconds: '0',
      limit: '1',
      limit_asset: 'ETH',
    };
    const usdDaily: TransferLimit = {
      period_seconds: '86400',
      remaining: '40000',
      limit_asset: 'USD',
    };
    const noFigure: TransferLimit = { rule_id: 'x', period_seconds: '86400', limit_asset: 'ETH' };
    const noUnit: TransferLimit = { rule_id: 'y', period_seconds: '0', limit: '5' };
    const limits = [ethPerTx, usdDaily, noFigure, noUnit];
    const checks = checkWithdrawalLimits(limits, { asset: 'ETH', amount: '0.5', usdValue: '1500' });
    expect(checks.map((c) => [c.kind, c.allowed, c.measured, c.outcome])).toEqual([
      ['per_transaction', '1', '0.5', 'within'],
      ['per_period', '40000', '1500', 'within'],
      ['per_period', undefined, '0.5', 'unknown'],
      ['per_transaction', '5', undefined, 'unknown'],
    ]);
    expect(
      exceededWithdrawalLimit(limits, { asset: 'ETH', amount: '1.5', usdValue: '4500' })?.limit
        .rule_id,
    ).toBe('eth-tx');
    // A per-transaction rule says its figure as `remaining` alone too.
    expect(
      checkWithdrawalLimits([{ period_seconds: '0', remaining: '2', limit_asset: 'ETH' }], {
        asset: 'ETH',
        amount: '3',
      })[0],
    ).toMatchObject({ allowed: '2', outcome: 'exceeds' });
    // No period given: a per-period rule, checked against what remains.
    expect(limitKindOf({ limit: '1', remaining: '1', limit_asset: 'ETH' })).toBe('per_period');
  });
});
