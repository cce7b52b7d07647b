/**
 * Behind the SSO proxy (trusted headers): the environment a four-eyes story starts its BFF with,
 * and the headers of each person, so that two distinct approvers exist.
 */
export function fourEyesSsoEnv(policy: unknown): Record<string, string> {
  return {
    AUTH_MODE: 'trusted-header',
    TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
    ROLE_GROUPS:
      'viewer=ops;address-editor=ops;withdrawal-initiator=ops;withdrawal-approver=approvers;address-approver=address-approvers',
    PUBLIC_ORIGIN: 'https://ops.example.com',
    APPROVAL_POLICY: JSON.stringify(policy),
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
  };
}

export const person = (user: string, groups: string) => ({
  'x-forwarded-user': user,
  'x-forwarded-email': `${user}@example.com`,
  'x-forwarded-groups': groups,
});
