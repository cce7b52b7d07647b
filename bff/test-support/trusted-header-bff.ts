import type { UpstreamClient } from '#bff/upstream/upstream-client';
import type { TestBff } from './start-test-bff';

// The gate's stories share one setup: a trusted-header BFF whose `ops` group holds the roles they
// need, under the approval policy they test, and people the proxy names (user, e-mail, `ops`).

/** A trusted-header BFF's environment: `roleGroups` (role=group;...), under `policy`. */
export function trustedHeaderEnv(roleGroups: string, policy: unknown): Record<string, string> {
  return {
    AUTH_MODE: 'trusted-header',
    TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
    ROLE_GROUPS: roleGroups,
    PUBLIC_ORIGIN: 'https://ops.example.com',
    APPROVAL_POLICY: JSON.stringify(policy),
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
  };
}

/** A person as the trusted proxy names them: user, e-mail, in the `ops` group. */
export const opsPerson = (user: string) => ({
  'x-forwarded-user': user,
  'x-forwarded-email': `${user}@example.com`,
  'x-forwarded-groups': 'ops',
});

/** POST /api/withdrawals as this person. */
export const submitAs = (app: TestBff, user: string, body: unknown) =>
  app.request('POST', '/api/withdrawals', { headers: opsPerson(user), body });

/** ref_ids no earlier run (nor test) used: `label-<now>-<n>`. */
export function refIds(): (label: string) => string {
  let counter = 0;
  return (label) => `${label}-${Date.now()}-${++counter}`;
}

/** The upstream with the service's prices down (listPrices fails): a USD rule cannot be valued. */
export const pricesDown = (real: UpstreamClient): UpstreamClient => ({
  ...real,
  call: (operation, options) =>
    operation === 'listPrices'
      ? Promise.reject(new Error('prices are down'))
      : real.call(operation, options),
});
