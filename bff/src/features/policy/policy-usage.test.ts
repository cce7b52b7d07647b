import { describe, expect, it } from 'vitest';
import { PolicyUsageResponseSchema } from '#contract/policy-usage';
import { SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';
import { withdrawalBody } from '#bff-test/withdrawal-body';
import { ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';
import { storeAndBffForSuite } from '#bff-test/test-bff-for-suite';

// Issue 42, item 14: the Policy page says what each rolling limit's window holds now. The sandbox
// prices BTC at 60,000 USD and USDG at 1 (sandbox/state/pricing.ts).

const POLICY = {
  withdrawals: {
    require: 'tiers',
    tiers: [{ asset: 'BTC', above: '5', approvals: 1 }],
    rolling_limits: [
      { per: 'destination', asset: 'BTC', above: '1', window_minutes: 1440, approvals: 1 },
      { per: 'initiator', above_usd: '150000', window_minutes: 60, approvals: 2 },
      { per: 'console', asset: 'USDG', above: '1000', window_minutes: 120, approvals: 1 },
    ],
  },
  addresses: { new_addresses: false, travel_rule_changes: false },
  destinations: { allowlist: false },
};

const SSO_ENV = {
  AUTH_MODE: 'trusted-header',
  TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
  ROLE_GROUPS: 'viewer=ops;withdrawal-initiator=ops;withdrawal-approver=ops;address-editor=eds',
  PUBLIC_ORIGIN: 'https://ops.example.com',
  APPROVAL_POLICY: JSON.stringify(POLICY),
  WRITE_RATE_LIMIT_PER_MINUTE: '100000',
  LOG_LEVEL: 'warn',
};
const person = (user: string, groups = 'ops') => ({
  'x-forwarded-user': user,
  'x-forwarded-email': `${user}@example.com`,
  'x-forwarded-groups': groups,
});

let counter = 0;
const newRef = (label: string) => `${label}-${Date.now()}-${++counter}`;

describe.each(ALL_BACKENDS)('GET /api/policy/usage on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const { bff } = storeAndBffForSuite(backend, 'test_policy_usage', () => ({
    env: SSO_ENV,
  }));

  const usage = async (user: string, groups?: string) => {
    const res = await bff.request('GET', '/api/policy/usage', { headers: person(user, groups) });
    expect(res.status).toBe(200);
    return PolicyUsageResponseSchema.parse(res.body);
  };

  it('says what each window holds: the operator’s own, the console’s, each destination’s', async () => {
    const send = (user: string, body: unknown) =>
      bff.request('POST', '/api/withdrawals', { headers: person(user), body });
    const btc = (amount: string, address: string) =>
      withdrawalBody(newRef('btc'), {
        profile_id: SEED_IDS.multiAssetProfile,
        asset: 'BTC',
        crypto_network: 'BITCOIN',
        destination_address: address,
        amount,
      });
    expect((await send('lena', btc('0.04', SAMPLE_ADDRESSES.bitcoinSegwit))).status).toBeLessThan(
      300,
    );
    expect((await send('lena', btc('0.03', SAMPLE_ADDRESSES.bitcoinSegwit))).status).toBeLessThan(
      300,
    );
    const r3 = await send('omar', btc('0.02', SAMPLE_ADDRESSES.bitcoinSegwitB));
    expect(r3.status).toBeLessThan(300);
    const usdg = withdrawalBody(newRef('usdg'));
    expect((await send('omar', usdg)).status).toBeLessThan(300);

    const lena = await usage('lena');
    const [perDestination, perInitiator, perConsole] = lena.limits;
    expect(perDestination).toMatchObject({ per: 'destination', unit: 'BTC', above: '1' });
    expect(perDestination?.destinations).toEqual([
      {
        crypto_network: 'BITCOIN',
        address: SAMPLE_ADDRESSES.bitcoinSegwit,
        used: '0.07',
        unpriced: [],
      },
      {
        crypto_network: 'BITCOIN',
        address: SAMPLE_ADDRESSES.bitcoinSegwitB,
        used: '0.02',
        unpriced: [],
      },
    ]);
    // Lena's 0.07 BTC at 60,000 USD; Omar's sends are not hers.
    expect(perInitiator).toMatchObject({
      per: 'initiator',
      unit: 'USD',
      window: { used: '4200.00' },
    });
    expect(perConsole).toMatchObject({ per: 'console', unit: 'USDG', window: { used: '25.00' } });
    // Omar's own window: 0.02 BTC (1,200 USD) and 25 USDG.
    expect((await usage('omar')).limits[1]?.window?.used).toBe('1225.00');
    // Any role reads it, as the policy itself is in /api/me.
    expect((await usage('eda', 'eds')).limits[1]?.window?.used).toBe('0.00');
    // Lena again, through a login without the e-mail header: the same person, the same window
    // (the gate's one-person rule; a person key alone read 0.00 here).
    const noEmail = await bff.request('GET', '/api/policy/usage', {
      headers: { 'x-forwarded-user': 'lena', 'x-forwarded-groups': 'ops' },
    });
    expect(PolicyUsageResponseSchema.parse(noEmail.body).limits[1]?.window?.used).toBe('4200.00');
  });
});
