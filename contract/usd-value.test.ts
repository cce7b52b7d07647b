import { describe, expect, it } from 'vitest';
import { ApprovalPolicySchema, withdrawalApprovalRequirement } from './approvals';
import {
  formatUsd,
  isUsdStablecoin,
  PUBLISHED_USD_MARKETS,
  usdMarketOf,
  usdValueOf,
} from './usd-value';

describe('the USD value of a withdrawal', () => {
  it('values a stablecoin 1:1 without a market, any other asset at its price, in cents', () => {
    for (const coin of ['USDG', 'PYUSD', 'USDP', 'USDC']) {
      expect(isUsdStablecoin(coin)).toBe(true);
      expect(usdMarketOf(coin)).toBeUndefined();
      expect(usdValueOf(coin, '12.345', {})).toBe('12.35');
    }
    expect(usdMarketOf('LTC')).toBe('LTCUSD');
    // Only published markets (issue 37): no SOLUSD, so SOL has no USD price; never a stablecoin's.
    expect(usdMarketOf('SOL')).toBeUndefined();
    expect(usdMarketOf('NOPE')).toBeUndefined();
    expect(usdMarketOf('XLM')).toBe('XLMUSD');
    expect(PUBLISHED_USD_MARKETS).toContain('USDPUSD');
    expect(PUBLISHED_USD_MARKETS).not.toContain('SOLUSD');
    for (const coin of ['USDG', 'PYUSD', 'USDC'])
      expect(PUBLISHED_USD_MARKETS).not.toContain(`${coin}USD`);
    expect(usdValueOf('LTC', '1400', { LTC: '80' })).toBe('112000.00');
    // No price: unknown (the policy then fails safe), never zero.
    expect(usdValueOf('LTC', '1400', {})).toBeUndefined();
    expect(formatUsd('112000.00')).toBe('112,000.00 USD');
    expect(formatUsd('100000')).toBe('100,000 USD');
  });
});

describe('withdrawalApprovalRequirement in value', () => {
  const policy = ApprovalPolicySchema.parse({
    withdrawals: {
      require: 'tiers',
      tiers: [{ asset: 'BTC', above: '0.5', approvals: 1 }],
      usd_tiers: [
        { above_usd: '50000', approvals: 1 },
        { above_usd: '100000', approvals: 2 },
      ],
      default_tier: { above_usd: '10000', approvals: 1 },
    },
    addresses: { new_addresses: false, travel_rule_changes: false },
  });

  it('the rule asking the most approvals decides, and names itself and the USD value', () => {
    expect(
      withdrawalApprovalRequirement(policy, { asset: 'LTC', amount: '1400' }, '112000.00'),
    ).toEqual({
      approvals: 2,
      reason: 'worth 112,000.00 USD, above 100,000 USD',
      usd_value: '112000.00',
    });
    expect(
      withdrawalApprovalRequirement(policy, { asset: 'BTC', amount: '0.6' }, '36000.00'),
    ).toEqual({
      approvals: 1,
      reason: 'BTC above 0.5',
      usd_value: '36000.00',
    });
    expect(
      withdrawalApprovalRequirement(policy, { asset: 'LTC', amount: '200' }, '16000.00'),
    ).toMatchObject({
      approvals: 1,
      reason: 'LTC has no tier of its own: worth 16,000.00 USD, above 10,000 USD',
    });
    expect(
      withdrawalApprovalRequirement(policy, { asset: 'LTC', amount: '100' }, '8000.00'),
    ).toBeUndefined();
  });

  // Issue 42 item 8: a batch's LTC rows (80 USD) were judged by the whole batch's 13,680 USD.
  it("a batch's asset meets its default tier by its own worth, the USD tiers by the batch's", () => {
    expect(
      withdrawalApprovalRequirement(policy, { asset: 'LTC', amount: '1' }, '13680.00', '80.00'),
    ).toBeUndefined();
    expect(
      withdrawalApprovalRequirement(
        policy,
        { asset: 'LTC', amount: '200' },
        '16080.00',
        '16000.00',
      ),
    ).toMatchObject({
      reason: 'LTC has no tier of its own: worth 16,000.00 USD, above 10,000 USD',
    });
    expect(
      withdrawalApprovalRequirement(policy, { asset: 'LTC', amount: '1' }, '112000.00', '80.00'),
    ).toMatchObject({ approvals: 2, reason: 'worth 112,000.00 USD, above 100,000 USD' });
  });

  it('an unknown USD value holds (fail safe)', () => {
    expect(withdrawalApprovalRequirement(policy, { asset: 'LTC', amount: '1' })).toMatchObject({
      approvals: 2,
    });
  });

  it('value rules and rolling limits need require: tiers; a limit is in an asset or in USD', () => {
    const base = { addresses: { new_addresses: false, travel_rule_changes: false } };
    expect(
      ApprovalPolicySchema.safeParse({
        ...base,
        withdrawals: { require: 'never', usd_tiers: [{ above_usd: '1', approvals: 1 }] },
      }).success,
    ).toBe(false);
    const limit = (extra: Record<string, unknown>) =>
      ApprovalPolicySchema.safeParse({
        ...base,
        withdrawals: {
          require: 'tiers',
          rolling_limits: [{ per: 'initiator', window_minutes: 60, approvals: 1, ...extra }],
        },
      }).success;
    expect(limit({ above_usd: '1000' })).toBe(true);
    expect(limit({ asset: 'BTC', above: '1' })).toBe(true);
    expect(limit({ asset: 'BTC' })).toBe(false);
    expect(limit({ asset: 'BTC', above: '1', above_usd: '1000' })).toBe(false);
  });
});
