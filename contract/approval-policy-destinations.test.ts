import { describe, expect, it } from 'vitest';
import { ApprovalPolicySchema, NO_APPROVALS_POLICY } from './approval-policy';

const WRITTEN_BEFORE = {
  withdrawals: { require: 'never' },
  addresses: { new_addresses: true, travel_rule_changes: true },
};

describe('the policy’s destinations control', () => {
  it('a policy that does not mention it still parses, with the allowlist on (secure by default)', () => {
    expect(ApprovalPolicySchema.parse(WRITTEN_BEFORE).destinations).toEqual({ allowlist: true });
    expect(
      ApprovalPolicySchema.parse({ ...WRITTEN_BEFORE, destinations: {} }).destinations,
    ).toEqual({ allowlist: true });
  });

  it('it can be turned off, and "none" (nothing needs approval) turns it off', () => {
    const off = ApprovalPolicySchema.parse({
      ...WRITTEN_BEFORE,
      destinations: { allowlist: false },
    });
    expect(off.destinations.allowlist).toBe(false);
    expect(NO_APPROVALS_POLICY.destinations.allowlist).toBe(false);
  });

  it('an unknown member is refused (strict)', () => {
    const parsed = ApprovalPolicySchema.safeParse({
      ...WRITTEN_BEFORE,
      destinations: { allowlist: true, allow_list: false },
    });
    expect(parsed.success).toBe(false);
  });
});
