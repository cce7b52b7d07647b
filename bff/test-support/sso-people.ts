import { trustedHeaderEnv } from './trusted-header-bff';

/**
 * Behind the SSO proxy (trusted headers): the environment a four-eyes story starts its BFF with,
 * and the headers of each person, so that two distinct approvers exist.
 */
export function fourEyesSsoEnv(policy: unknown): Record<string, string> {
  return trustedHeaderEnv(
    'viewer=ops;address-editor=ops;withdrawal-initiator=ops;withdrawal-approver=approvers;address-approver=address-approvers',
    policy,
  );
}

/** The four-eyes stories' withdrawal rule: USDG above 100 needs one approval, above 1000 two. */
export const USDG_TIERED_WITHDRAWALS = {
  require: 'tiers',
  tiers: [
    { asset: 'USDG', above: '100', approvals: 1 },
    { asset: 'USDG', above: '1000', approvals: 2 },
  ],
};

export const person = (user: string, groups: string) => ({
  'x-forwarded-user': user,
  'x-forwarded-email': `${user}@example.com`,
  'x-forwarded-groups': groups,
});
