import { describe, expect, it } from 'vitest';
import { HeldForApprovalResponseSchema, type ApprovalRequest } from '#contract/approvals';
import { SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';
import type { TestBff } from '#bff-test/start-test-bff';
import {
  opsPerson,
  pricesDown,
  refIds,
  submitAs,
  trustedHeaderEnv,
} from '#bff-test/trusted-header-bff';
import { testBffsPerTest } from '#bff-test/test-bff-for-suite';
import { withdrawalBody } from '#bff-test/withdrawal-body';
import { ALL_BACKENDS, skipWithoutServer, storeForSuite } from '#bff/store/testing/test-stores';
import type { UpstreamClient } from '#bff/upstream/upstream-client';

// Issue 23, item 3: the policy in value and over time. Tiers by asset only let 1,400 LTC (about
// 112,000 USD) go with no approval, and a tier per withdrawal let ten sends of 0.49 BTC go with
// none either. The sandbox prices BTC at 60,000 USD and LTC at 80 USD (sandbox/state/pricing.ts).

const SCHEMA = 'test_value_limits';

const POLICY = {
  withdrawals: {
    require: 'tiers',
    tiers: [
      { asset: 'BTC', above: '0.5', approvals: 1 },
      { asset: 'ETH', above: '100', approvals: 1 },
      { asset: 'USDG', above: '100000', approvals: 1 },
    ],
    usd_tiers: [{ above_usd: '100000', approvals: 2 }],
    default_tier: { above_usd: '10000', approvals: 1 },
    rolling_limits: [
      { per: 'destination', asset: 'BTC', above: '1', window_minutes: 1440, approvals: 1 },
      { per: 'initiator', above_usd: '150000', window_minutes: 60, approvals: 2 },
    ],
  },
  addresses: { new_addresses: false, travel_rule_changes: false },
  // The allowlist is item 2's: these stories send to addresses nobody saved.
  destinations: { allowlist: false },
};

const SSO_ENV = trustedHeaderEnv(
  'viewer=ops;address-editor=ops;withdrawal-initiator=ops;withdrawal-approver=ops',
  POLICY,
);
const person = opsPerson;
const newRef = refIds();

const btc = (refId: string, amount: string, address: string) =>
  withdrawalBody(refId, {
    profile_id: SEED_IDS.multiAssetProfile,
    asset: 'BTC',
    crypto_network: 'BITCOIN',
    destination_address: address,
    amount,
  });
const ltc = (refId: string, amount: string) =>
  withdrawalBody(refId, {
    asset: 'LTC',
    crypto_network: 'LITECOIN',
    destination_address: SAMPLE_ADDRESSES.litecoinSegwit,
    amount,
  });

const heldOf = (res: { status: number; body: unknown }): ApprovalRequest | undefined =>
  res.status === 202 ? HeldForApprovalResponseSchema.parse(res.body).approval : undefined;

describe.each(ALL_BACKENDS)('the policy in value and over time on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const store = storeForSuite(backend, SCHEMA);
  const startBff = testBffsPerTest(() => ({ deps: { store }, env: SSO_ENV }));
  const start = (wrapUpstream?: (real: UpstreamClient) => UpstreamClient) =>
    startBff(wrapUpstream ? { wrapUpstream } : {});
  const submit = submitAs;
  // A held withdrawal of 3,000 USD or more needs Travel Rule data on its destination (else it is
  // refused before an approval is spent: travel-rule-gate.test.ts): the LTC address gets some.
  const withTravelRule = async (app: TestBff) => {
    const saved = await app.request('PUT', '/api/addresses', {
      headers: person('lena'),
      body: {
        crypto_network: 'LITECOIN',
        address: SAMPLE_ADDRESSES.litecoinSegwit,
        travelrule_metadata: {
          beneficiary: { institution_details: { name: 'Example Receiver Ltd' } },
          custodian_type: 'PRIVATE',
        },
      },
    });
    expect(saved.status).toBe(200);
  };
  const creates = (app: TestBff) =>
    app.sandbox.stats().requests['POST /v2/transfer/crypto-withdrawals'] ?? 0;

  it('1,400 LTC (112,000 USD) waits for the USD tier; the review and the approver see its value and rule', async () => {
    const app = await start();
    await withTravelRule(app);
    const approval = heldOf(await submit(app, 'lena', ltc(newRef('ltc-usd'), '1400')));
    expect(approval).toMatchObject({
      required_approvals: 2,
      reason: 'worth 112,000.00 USD, above 100,000 USD',
    });
    expect(creates(app)).toBe(0);
  });

  it('an asset no tier names waits by the default tier above its USD threshold, not below it', async () => {
    const app = await start();
    await withTravelRule(app);
    const held = heldOf(await submit(app, 'lena', ltc(newRef('ltc-default'), '200')));
    expect(held).toMatchObject({
      required_approvals: 1,
      reason: 'LTC has no tier of its own: worth 16,000.00 USD, above 10,000 USD',
    });
    // 100 LTC is 8,000 USD: under every rule, so it goes to the service (which may refuse it).
    const small = await submit(app, 'lena', ltc(newRef('ltc-small'), '100'));
    expect(small.status).not.toBe(202);
    expect(creates(app)).toBe(1);
  });

  it('prices that cannot be read hold a withdrawal a USD rule applies to (fail safe)', async () => {
    const app = await start(pricesDown);
    const approval = heldOf(await submit(app, 'lena', ltc(newRef('ltc-no-price'), '1')));
    expect(approval?.reason).toContain('USD value unknown');
    expect(approval?.required_approvals).toBe(2);
    expect(creates(app)).toBe(0);
  });

  it('an asset the service publishes no market for (SOL) has no USD price: a USD rule holds it', async () => {
    const asked: string[] = [];
    const app = await start((real) => ({
      ...real,
      call(operation, options) {
        if (operation === 'listPrices') asked.push(String(options?.query ?? ''));
        return real.call(operation, options);
      },
    }));
    const sol = withdrawalBody(newRef('sol-no-market'), {
      profile_id: SEED_IDS.multiAssetProfile,
      asset: 'SOL',
      crypto_network: 'SOLANA',
      destination_address: SAMPLE_ADDRESSES.solanaA,
      amount: '1',
    });
    const approval = heldOf(await submit(app, 'lena', sol));
    expect(approval?.reason).toContain('USD value unknown');
    expect(creates(app)).toBe(0);
    // Never asked: SOLUSD is not a published market (other assets' prices may be, for the
    // rolling limits' value of the window).
    expect(asked.filter((query) => query.includes('SOL'))).toEqual([]);
  });

  it('ten sends of 0.49 BTC: the rolling limits hold every one that takes a window over', async () => {
    const app = await start();
    const answers = [];
    for (let i = 0; i < 10; i++)
      answers.push(
        await submit(app, 'ana', btc(newRef('split'), '0.49', SAMPLE_ADDRESSES.bitcoinSegwit)),
      );
    // 0.49 and 0.98 BTC stay within 1 BTC to the destination; the third takes it to 1.47.
    expect(answers.slice(0, 2).map((a) => a.status)).toEqual([200, 200]);
    const held = answers.slice(2).map(heldOf);
    expect(held[0]).toMatchObject({
      required_approvals: 1,
      reason:
        'rolling limit: 1.47 BTC to this destination within 24 h (this one included), above 1 BTC; worth 29,400.00 USD',
    });
    // The sixth takes the initiator's hour to 176,400 USD: two approvals from there on.
    expect(held.map((h) => h?.required_approvals)).toEqual([1, 1, 1, 2, 2, 2, 2, 2]);
    expect(held[3]?.reason).toBe(
      'rolling limit: 176,400.00 USD by this initiator within 1 h (this one included), above 150,000 USD',
    );
    expect(creates(app)).toBe(2);
  });

  it('a split across sends and assets meets the initiator limit in USD', async () => {
    const app = await start();
    const send = (overrides: Record<string, unknown>) =>
      submit(
        app,
        'ben',
        withdrawalBody(newRef('spread'), { profile_id: SEED_IDS.multiAssetProfile, ...overrides }),
      );
    // 10 ETH twice (30,000 USD each) and 80,000 USDG: 140,000 USD in the hour, each under its tier.
    const sent = [
      await send({ asset: 'ETH', amount: '10' }),
      await send({ asset: 'ETH', amount: '10' }),
      await send({ amount: '80000' }),
    ];
    expect(sent.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(heldOf(await send({ amount: '20000' }))).toMatchObject({
      required_approvals: 2,
      reason:
        'rolling limit: 160,000.00 USD by this initiator within 1 h (this one included), above 150,000 USD',
    });
  });

  it('one person is one window whether the SSO sends the e-mail or not (issue 37)', async () => {
    const app = await start();
    const usdg = (amount: string) =>
      withdrawalBody(newRef('one-person'), { profile_id: SEED_IDS.multiAssetProfile, amount });
    const { 'x-forwarded-email': _email, ...withoutEmail } = person('dee');
    const { 'x-forwarded-user': _user, ...emailOnly } = person('dee');
    // 120,000 USD with the user id and the e-mail.
    for (let i = 0; i < 3; i++) expect((await submit(app, 'dee', usdg('40000'))).status).toBe(200);
    // The same user id without the e-mail, and the e-mail alone: the same hour of the same person.
    for (const headers of [withoutEmail, emailOnly]) {
      const res = await app.request('POST', '/api/withdrawals', { headers, body: usdg('40000') });
      expect(heldOf(res)).toMatchObject({
        required_approvals: 2,
        reason: expect.stringContaining('by this initiator within 1 h'),
      });
    }
    expect(creates(app)).toBe(3);
  });

  it('concurrent submits never both slip under a limit: the window is judged under one lock', async () => {
    const app = await start();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        submit(
          app,
          'cy',
          withdrawalBody(newRef('race'), {
            profile_id: SEED_IDS.multiAssetProfile,
            amount: '40000',
          }),
        ),
      ),
    );
    // 3 × 40,000 = 120,000 USD is within 150,000; a fourth would take it to 160,000.
    const sent = answers.filter((a) => a.status !== 202);
    expect(sent.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(creates(app)).toBe(3);
  });
});
