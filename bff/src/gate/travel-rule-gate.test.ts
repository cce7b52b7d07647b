import { describe, expect, it } from 'vitest';
import { HeldForApprovalResponseSchema, ApprovalRequestSchema } from '#contract/approvals';
import type { Problem } from '#contract/problem';
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

// Issue 42 item A: a held withdrawal worth 3,000 USD or more to a destination without Travel Rule
// data spent an approval, then the service refused it (403). The sandbox prices ETH at 3,000 USD.

const SCHEMA = 'test_travel_rule_gate';

const POLICY = {
  withdrawals: {
    require: 'tiers',
    tiers: [],
    usd_tiers: [],
    rolling_limits: [{ per: 'initiator', above_usd: '1000', window_minutes: 60, approvals: 1 }],
  },
  addresses: { new_addresses: false, travel_rule_changes: false },
  destinations: { allowlist: false },
};

const SSO_ENV = trustedHeaderEnv(
  'viewer=ops;withdrawal-initiator=ops;withdrawal-approver=ops',
  POLICY,
);
const person = opsPerson;
const newRef = refIds();
// 2 ETH: 6,000 USD. evmA on ETHEREUM is the seed's Treasury wallet (Travel Rule data on file);
// evmC is saved nowhere.
const eth = (refId: string, address: string) =>
  withdrawalBody(refId, {
    profile_id: SEED_IDS.multiAssetProfile,
    asset: 'ETH',
    crypto_network: 'ETHEREUM',
    destination_address: address,
    amount: '2',
  });

describe.each(ALL_BACKENDS)('the Travel Rule before an approval on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const store = storeForSuite(backend, SCHEMA);
  const startBff = testBffsPerTest(() => ({ deps: { store }, env: SSO_ENV }));
  const start = (wrapUpstream?: (real: UpstreamClient) => UpstreamClient) =>
    startBff(wrapUpstream ? { wrapUpstream } : {});
  const submit = submitAs;
  const creates = (app: TestBff) =>
    app.sandbox.stats().requests['POST /v2/transfer/crypto-withdrawals'] ?? 0;

  it('refuses at submit what the policy would hold and the service would refuse; holds it with the data on file', async () => {
    const app = await start();
    const refused = await submit(app, 'ana', eth(newRef('tr-missing'), SAMPLE_ADDRESSES.evmC));
    expect(refused.status).toBe(403);
    const problem = refused.body as Problem;
    expect(problem.type).toMatch(/travel-rule-information-required$/);
    expect(problem.detail).toContain('6,000.00 USD');
    expect((await app.request('GET', '/api/approvals', { headers: person('ana') })).body).toEqual(
      expect.objectContaining({ requests: [] }),
    );

    const held = await submit(app, 'ana', eth(newRef('tr-on-file'), SAMPLE_ADDRESSES.evmA));
    expect(held.status).toBe(202);
    expect(creates(app)).toBe(0);
  });

  it('the approver is told, and Approve is refused, when the destination has no Travel Rule data', async () => {
    // Held while the service's prices were down (the USD limit holds, fail safe: no value, so
    // nothing foreseen); read again with prices, the refusal is foreseen.
    const down = await start(pricesDown);
    const refId = newRef('tr-held');
    const answer = await submit(down, 'ana', eth(refId, SAMPLE_ADDRESSES.evmC));
    expect(answer.status).toBe(202);
    const id = HeldForApprovalResponseSchema.parse(answer.body).approval.id;

    const app = await start();
    const read = await app.request('GET', `/api/approvals/${id}`, { headers: person('ben') });
    expect(ApprovalRequestSchema.parse(read.body).approve_refusal).toMatchObject({
      title: 'Travel Rule Information Required',
      detail: expect.stringContaining('6,000.00 USD'),
    });
    const approve = await app.request('POST', `/api/approvals/${id}/approve`, {
      headers: person('ben'),
      body: {},
    });
    expect(approve.status).toBe(403);
    expect((approve.body as Problem).type).toMatch(/travel-rule-information-required$/);
    const after = await app.request('GET', `/api/approvals/${id}`, { headers: person('ben') });
    expect(ApprovalRequestSchema.parse(after.body)).toMatchObject({
      status: 'pending',
      approvals: [],
    });
    expect(creates(app)).toBe(0);
  });
});
