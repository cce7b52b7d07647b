import { describe, expect, it } from 'vitest';
import { CONSOLE_PROBLEM_TYPES } from '#contract/problem';
import { WithdrawalForecastSchema } from '#contract/withdrawal-forecast';
import { SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';
import { opsPerson, trustedHeaderEnv } from '#bff-test/trusted-header-bff';
import { testBffsPerTest } from '#bff-test/test-bff-for-suite';
import { withdrawalBody } from '#bff-test/withdrawal-body';
import { ALL_BACKENDS, skipWithoutServer, storeForSuite } from '#bff/store/testing/test-stores';

// Issue 42 items C and 2: the rolling limit was learned only by submitting, and a destination the
// allowlist refuses only after the 409. The forecast says both before submit, counting nothing.

const SCHEMA = 'test_withdrawal_forecast';

const POLICY = {
  withdrawals: {
    require: 'tiers',
    tiers: [],
    rolling_limits: [{ per: 'initiator', above_usd: '50000', window_minutes: 1440, approvals: 1 }],
  },
  addresses: { new_addresses: true, travel_rule_changes: false, approvals: 1 },
  destinations: { allowlist: true },
};

const SSO_ENV = trustedHeaderEnv(
  'viewer=ops;withdrawal-initiator=ops;withdrawal-approver=ops',
  POLICY,
);
const headers = opsPerson('ana');

let counter = 0;
const newRef = () => `forecast-${Date.now()}-${++counter}`;
// USDG to the seed's Treasury wallet (saved at the service, Travel Rule data on file).
const usdg = (amount: string) =>
  withdrawalBody(newRef(), {
    profile_id: SEED_IDS.multiAssetProfile,
    crypto_network: 'ETHEREUM',
    destination_address: SAMPLE_ADDRESSES.evmA,
    amount,
  });

describe.each(ALL_BACKENDS)('the forecast before submit on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const store = storeForSuite(backend, SCHEMA);
  const start = testBffsPerTest(() => ({ deps: { store }, env: SSO_ENV }));

  it('forecasts the rolling limit with the window as it stands, and counts nothing', async () => {
    const app = await start();
    const forecast = async (body: unknown) =>
      WithdrawalForecastSchema.parse(
        (await app.request('POST', '/api/withdrawals/forecast', { headers, body })).body,
      );
    // 40,000 USD is within 50,000: no approval; forecast it twice, it still is (nothing counted).
    expect(await forecast(usdg('40000'))).toEqual({});
    expect(await forecast(usdg('40000'))).toEqual({});
    const sent = await app.request('POST', '/api/withdrawals', { headers, body: usdg('40000') });
    expect(sent.status).toBe(200);
    // Now the window holds 40,000: another 20,000 would take it above the limit.
    expect(await forecast(usdg('20000'))).toEqual({
      requirement: {
        approvals: 1,
        reason:
          'rolling limit: 60,000.00 USD by this initiator within 24 h (this one included), above 50,000 USD',
      },
    });
    expect(await forecast(usdg('5000'))).toEqual({});
  });

  it('says the allowlist will refuse a destination nobody saved, from the destination alone', async () => {
    const bff = await start();
    const refused = await bff.request('POST', '/api/withdrawals/destination-forecast', {
      headers,
      body: { crypto_network: 'LITECOIN', destination_address: SAMPLE_ADDRESSES.litecoinSegwit },
    });
    expect(WithdrawalForecastSchema.parse(refused.body).refusal).toMatchObject({
      type: CONSOLE_PROBLEM_TYPES.destinationNotAllowlisted,
      save_address: { crypto_network: 'LITECOIN', address: SAMPLE_ADDRESSES.litecoinSegwit },
    });
    const approved = await bff.request('POST', '/api/withdrawals/destination-forecast', {
      headers,
      body: { crypto_network: 'ETHEREUM', destination_address: SAMPLE_ADDRESSES.evmA },
    });
    expect(approved.body).toEqual({});
    const invalid = await bff.request('POST', '/api/withdrawals/destination-forecast', {
      headers,
      body: { crypto_network: 'NOPE', destination_address: '' },
    });
    expect(invalid.status).toBe(400);
  });
});
