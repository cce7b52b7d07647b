import { describe, expect, it, onTestFinished } from 'vitest';
import type { ListServiceAddressesResponse } from '#contract/service-addresses';
import { SAMPLE_ADDRESSES } from '#sandbox/index';
import { startTestBff } from '#bff-test/start-test-bff';
import { createRecordingStore } from '#bff-test/recording-store';
import { companionBffsForSuite } from '#bff-test/test-bff-for-suite';

describe('VASP directory and the service saved addresses', () => {
  const { on, off } = companionBffsForSuite(() => ({
    env: { LOG_LEVEL: 'warn' },
    deps: { store: createRecordingStore() },
  }));

  it('searches the directory and caches each answer (one upstream call per query a day)', async () => {
    const first = await on.request('GET', '/api/vasps?search=Coin');
    expect(first.status).toBe(200);
    expect((first.body as { items: Array<{ id: string }> }).items.map((v) => v.id)).toEqual([
      'vasp-coinbase',
      'vasp-coinbase-custody',
    ]);
    await on.request('GET', '/api/vasps?search=coin');
    expect(on.sandbox.stats().requests['GET /v2/travelrule/vasps']).toBe(1);
    const one = await on.request('GET', '/api/vasps/vasp-anchorage');
    expect(one.body).toEqual({ id: 'vasp-anchorage', name: 'Anchorage Digital' });
    expect((await on.request('GET', '/api/vasps/nobody')).status).toBe(404);
    expect((await on.request('GET', '/api/vasps?color=red')).status).toBe(400);
  });

  it('lists the service addresses, marking missing and incomplete Travel Rule data', async () => {
    const res = await on.request('GET', '/api/service-addresses');
    expect(res.status).toBe(200);
    const body = res.body as ListServiceAddressesResponse;
    expect(body.addresses).toHaveLength(6);
    const solana = body.addresses.find((a) => a.address.crypto_network === 'SOLANA');
    expect(solana).toMatchObject({ travel_rule: 'missing' });
    const dogecoin = body.addresses.find((a) => a.address.crypto_network === 'DOGECOIN');
    expect(dogecoin).toMatchObject({
      travel_rule: 'incomplete',
      travel_rule_gaps: ['Which VASP hosts the address'],
    });
    const eth = body.addresses.find((a) => a.address.crypto_network === 'ETHEREUM');
    expect(eth).toMatchObject({ travel_rule: 'complete', travel_rule_gaps: [] });
    const filtered = await on.request('GET', '/api/service-addresses?crypto_network=BITCOIN');
    expect((filtered.body as ListServiceAddressesResponse).addresses).toHaveLength(1);
  });

  it('forwards only a published network: a known one upper-cased, an unknown one a 400 by name', async () => {
    // Issue 25, item 5: `/addresses?crypto_network=ethereum` reached the service as it was.
    const asked = () =>
      on.sandbox.stats().requests['GET /v2/transfer/crypto-destination-addresses'];
    const lower = await on.request('GET', '/api/service-addresses?crypto_network=ethereum');
    expect(lower.status).toBe(200);
    expect(
      (lower.body as ListServiceAddressesResponse).addresses.map((a) => a.address.crypto_network),
    ).toEqual(['ETHEREUM']);
    const before = asked();
    const unknown = await on.request('GET', '/api/service-addresses?crypto_network=ethereum-2');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      errors: [{ path: 'crypto_network', message: expect.stringMatching(/network/i) }],
    });
    expect(asked()).toBe(before);
  });

  it('searches by a whole address or a nickname, and merges who saved one here and when', async () => {
    // The embedded store (the recording store above remembers no address book).
    const bff = await startTestBff({ env: { LOG_LEVEL: 'warn' } });
    onTestFinished(() => bff.close());
    const listed = async (query: string) =>
      (
        (await bff.request('GET', `/api/service-addresses?${query}`))
          .body as ListServiceAddressesResponse
      ).addresses;
    // One long word is an address (the service's `addresses` filter), anything else a nickname.
    const byAddress = await listed(`q=${SAMPLE_ADDRESSES.solanaA}`);
    expect(byAddress.map((a) => a.address.address)).toEqual([SAMPLE_ADDRESSES.solanaA]);
    const byNickname = await listed(`q=${encodeURIComponent("Bob's own Stellar wallet")}`);
    expect(byNickname.map((a) => a.address.crypto_network)).toEqual(['STELLAR']);
    expect(byNickname[0]!.recorded).toBeUndefined();

    // Saved through this console (Travel Rule data added): the service's entry now carries the
    // operator and the time.
    const saved = await bff.request('PUT', '/api/addresses', {
      body: {
        crypto_network: 'SOLANA',
        address: SAMPLE_ADDRESSES.solanaA,
        nickname: 'Solana payout',
        travelrule_metadata: { beneficiary: { self: true }, custodian_type: 'PRIVATE' },
      },
    });
    expect(saved.status).toBe(200);
    const [solana] = await listed(`q=${SAMPLE_ADDRESSES.solanaA}`);
    expect(solana).toMatchObject({
      travel_rule: 'complete',
      recorded: { saved_by: { subject: 'local-operator' }, updated_at: expect.any(String) },
    });
  });

  it('without the scopes: 403 Feature Unavailable naming the scope, nothing asked upstream', async () => {
    const addresses = await off.request('GET', '/api/service-addresses');
    expect(addresses.status).toBe(403);
    expect((addresses.body as { detail: string }).detail).toContain(
      'transfer:read_crypto_destination_address',
    );
    expect(
      off.sandbox.stats().requests['GET /v2/transfer/crypto-destination-addresses'],
    ).toBeUndefined();
  });

  it('the VASP directory needs no scope of its own: a client with only the core scopes has it', async () => {
    // Published with no scope (issue 25, item 1): asking the token endpoint for one the service
    // does not define is invalid_scope, which turned the feature off for every deployment.
    const me = await off.request('GET', '/api/me');
    expect((me.body as { features: Record<string, unknown> }).features.vasp_directory).toEqual({
      enabled: true,
    });
    const vasps = await off.request('GET', '/api/vasps?search=coin');
    expect(vasps.status).toBe(200);
    expect((await off.request('GET', '/api/vasps/vasp-coinbase')).body).toEqual({
      id: 'vasp-coinbase',
      name: 'Coinbase',
    });
    const scopes = Object.keys(off.sandbox.stats().tokenRequests.byScope);
    expect(scopes.filter((scope) => scope.startsWith('travelrule:'))).toEqual([]);
  });
});
