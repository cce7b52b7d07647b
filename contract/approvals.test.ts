import { describe, expect, it } from 'vitest';
import {
  ApprovalPolicySchema,
  NO_APPROVALS_POLICY,
  OPERATOR_METADATA_PAIRS,
  withdrawalApprovalRequirement,
} from './approvals';

const tiers = ApprovalPolicySchema.parse({
  withdrawals: {
    require: 'tiers',
    tiers: [
      { asset: 'BTC', above: '0.5', approvals: 1 },
      { asset: 'BTC', above: '5', approvals: 2 },
    ],
  },
  addresses: { new_addresses: false, travel_rule_changes: false },
});

describe('withdrawalApprovalRequirement', () => {
  it('the highest tier the amount (or total) is above decides; at the tier is not above it', () => {
    expect(withdrawalApprovalRequirement(tiers, { asset: 'BTC', amount: '0.5' })).toBeUndefined();
    expect(withdrawalApprovalRequirement(tiers, { asset: 'BTC', amount: '0.50000001' })).toEqual({
      approvals: 1,
      reason: 'BTC above 0.5',
    });
    expect(withdrawalApprovalRequirement(tiers, { asset: 'BTC', total: '5.1' })).toEqual({
      approvals: 2,
      reason: 'BTC above 5',
    });
    // Decimal strings, never numbers: a value past double precision still compares exactly.
    expect(
      withdrawalApprovalRequirement(tiers, { asset: 'BTC', amount: '0.500000000000000000001' }),
    ).toMatchObject({ approvals: 1 });
    expect(withdrawalApprovalRequirement(tiers, { asset: 'ETH', amount: '1000' })).toBeUndefined();
  });

  it('never and always', () => {
    expect(
      withdrawalApprovalRequirement(NO_APPROVALS_POLICY, { asset: 'BTC', amount: '1000' }),
    ).toBeUndefined();
    const always = ApprovalPolicySchema.parse({
      withdrawals: { require: 'always', approvals: 2 },
      addresses: { new_addresses: true, travel_rule_changes: true },
    });
    expect(withdrawalApprovalRequirement(always, { asset: 'USDG', amount: '0.01' })).toEqual({
      approvals: 2,
      reason: 'every withdrawal',
    });
    expect(always.request_ttl_minutes).toBe(24 * 60);
    expect(always.addresses.cooling_off_minutes).toBe(0);
  });

  it('three pairs of metadata remain for the operator', () => {
    expect(OPERATOR_METADATA_PAIRS).toBe(3);
  });
});
