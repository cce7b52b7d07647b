import { describe, expect, it } from 'vitest';
import { SCOPES } from '#contract/scopes';
import { FAILING_ADDRESSES } from '../seed/magic-values';
import { SAMPLE_ADDRESSES } from '../seed/sample-addresses';
import { BASIC_CLIENT } from '../app';
import { requestToken } from '../auth/token-request';
import { clockedSandboxPerTest, withdrawEth } from '../testing/test-support';

const PROFILE = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';
const ETH_ADDRESS = '0x3A8e9b7c8d340626315788B48060469dFd080775';

describe('companion operations of the local upstream', () => {
  const t = clockedSandboxPerTest();

  const withdraw = (body: Record<string, unknown>) => withdrawEth(t, body);

  it('reads a transfer by id and by ref_id; the failing destination turns FAILED with details', async () => {
    const created = await withdraw({
      destination_address: FAILING_ADDRESSES.ETHEREUM,
      amount: '0.1',
      ref_id: 'read-1',
    });
    expect(created.status).toBe(200);
    const id = (created.body as { id: string }).id;

    const byRef = await t.s.call('GET', '/v2/transfer/transfers?ref_ids=read-1', {
      token: t.token,
    });
    expect(byRef.status).toBe(200);
    expect((byRef.body as { items: unknown[] }).items).toMatchObject([
      { id, ref_id: 'read-1', status: 'PENDING' },
    ]);
    expect(byRef.body).toHaveProperty('next_page_cursor', '');

    t.clock.advance(5000);
    const one = await t.s.call('GET', `/v2/transfer/transfers/${id}`, { token: t.token });
    expect(one.body).toMatchObject({
      id,
      status: 'FAILED',
      status_details: { invalid_destination_address: { message: expect.any(String) } },
    });
    expect(one.body).not.toHaveProperty('crypto_tx_hash');

    const none = await t.s.call('GET', '/v2/transfer/transfers?ref_ids=nobody', { token: t.token });
    expect(none.body).toEqual({ items: [], next_page_cursor: '' });
    const missing = await t.s.call('GET', '/v2/transfer/transfers/not-a-transfer', {
      token: t.token,
    });
    expect(missing.status).toBe(404);
  });

  it('pages transfers with a cursor and refuses unknown parameters', async () => {
    for (const n of [1, 2, 3])
      await withdraw({ destination_address: ETH_ADDRESS, amount: '0.01', ref_id: `page-${n}` });
    const first = await t.s.call('GET', `/v2/transfer/transfers?profile_ids=${PROFILE}&limit=2`, {
      token: t.token,
    });
    const body = first.body as { items: Array<{ ref_id: string }>; next_page_cursor: string };
    expect(body.items.map((t) => t.ref_id)).toEqual(['page-3', 'page-2']);
    const second = await t.s.call(
      'GET',
      `/v2/transfer/transfers?profile_ids=${PROFILE}&limit=2&page_cursor=${body.next_page_cursor}`,
      { token: t.token },
    );
    // The seeded history of the profile (hours older) follows the three.
    expect(
      (second.body as { items: Array<{ ref_id: string }> }).items.map((t) => t.ref_id)[0],
    ).toBe('page-1');
    expect(
      (await t.s.call('GET', '/v2/transfer/transfers?color=red', { token: t.token })).status,
    ).toBe(400);
  });

  it('guarantees a quoted fee until it expires (403 Expired after)', async () => {
    const quote = await t.s.call('POST', '/v2/transfer/fees/crypto-withdrawal', {
      token: t.token,
      body: {
        asset: 'ETH',
        crypto_network: 'ETHEREUM',
        destination_address: ETH_ADDRESS,
        amount: '0.5',
      },
    });
    expect(quote.status).toBe(200);
    const q = quote.body as { id: string; fee: string; amount: string; expires_at: string };
    expect(q).toMatchObject({ fee: '0.0004', amount: '0.5', asset: 'ETH' });
    expect(Date.parse(q.expires_at)).toBeGreaterThan(t.clock.now().getTime());

    const ok = await withdraw({
      destination_address: ETH_ADDRESS,
      amount: '0.5',
      fee_id: q.id,
      ref_id: 'fee-1',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ fee: q.fee, total: '0.5004' });

    t.clock.advance(120_000);
    const late = await withdraw({
      destination_address: ETH_ADDRESS,
      amount: '0.5',
      fee_id: q.id,
      ref_id: 'fee-2',
    });
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({ title: 'Expired' });
    expect((late.body as { meta?: unknown }).meta).toEqual({ expired_at: q.expires_at });

    const other = await t.s.call('POST', '/v2/transfer/fees/crypto-withdrawal', {
      token: t.token,
      body: { asset: 'ETH', crypto_network: 'ETHEREUM', destination_address: ETH_ADDRESS },
    });
    expect(other.status).toBe(400);
  });

  it('searches and pages the VASP directory, and reads one VASP', async () => {
    const found = await t.s.call('GET', '/v2/travelrule/vasps?search=coin', { token: t.token });
    expect((found.body as { items: Array<{ name: string }> }).items.map((v) => v.name)).toEqual([
      'Coinbase',
      'Coinbase Custody Trust Company',
    ]);
    const first = await t.s.call('GET', '/v2/travelrule/vasps?limit=5', { token: t.token });
    expect((first.body as { items: unknown[] }).items).toHaveLength(5);
    expect(first.body).toHaveProperty('next_page_cursor');
    const one = await t.s.call('GET', '/v2/travelrule/vasps/vasp-coinbase', { token: t.token });
    // The published by-id answer is wrapped (issue 25, item 1).
    expect(one.body).toEqual({ vasp: { id: 'vasp-coinbase', name: 'Coinbase' } });
    expect((await t.s.call('GET', '/v2/travelrule/vasps/nope', { token: t.token })).status).toBe(
      404,
    );
  });

  it('searches the VASP directory by a case-insensitive prefix of the name, not "contains"', async () => {
    const names = async (search: string) =>
      (
        (
          await t.s.call('GET', `/v2/travelrule/vasps?search=${encodeURIComponent(search)}`, {
            token: t.token,
          })
        ).body as { items: Array<{ name: string }> }
      ).items.map((v) => v.name);
    expect(await names('COINBASE c')).toEqual(['Coinbase Custody Trust Company']);
    expect(await names('base')).toEqual([]);
    expect(await names('trust')).toEqual([]);
  });

  it('answers the VASP directory to any valid token (published with no scope), never without one', async () => {
    const narrow = await t.s.token([SCOPES.listStatements]);
    const list = await t.s.call('GET', '/v2/travelrule/vasps?search=coin', { token: narrow });
    expect(list.status).toBe(200);
    const one = await t.s.call('GET', '/v2/travelrule/vasps/vasp-coinbase', { token: narrow });
    expect(one.status).toBe(200);
    expect((await t.s.call('GET', '/v2/travelrule/vasps/vasp-coinbase', {})).status).toBe(401);
    expect(
      (await t.s.call('GET', '/v2/travelrule/vasps', { token: 'not-a-token-we-issued' })).status,
    ).toBe(401);
  });

  it('matches the nicknames filter against whole nicknames (case-insensitive), not "contains"', async () => {
    const nicknames = async (nickname: string) =>
      (
        (
          await t.s.call(
            'GET',
            `/v2/transfer/crypto-destination-addresses?nicknames=${encodeURIComponent(nickname)}`,
            { token: t.token },
          )
        ).body as { addresses: Array<{ nickname: string }> }
      ).addresses.map((a) => a.nickname);
    expect(await nicknames("bob's own stellar wallet")).toEqual(["Bob's own Stellar wallet"]);
    expect(await nicknames('Stellar')).toEqual([]);
    expect(await nicknames('wallet')).toEqual([]);
  });

  it('lists the saved addresses the service holds, filtered', async () => {
    const all = await t.s.call('GET', '/v2/transfer/crypto-destination-addresses', {
      token: t.token,
    });
    const addresses = (all.body as { addresses: Array<{ id: string }> }).addresses;
    expect(addresses).toHaveLength(6);
    expect(addresses.map((a) => a.id)).toContain('6f1e2d3c-4b5a-4968-8776-655443322110');
    const sol = await t.s.call(
      'GET',
      '/v2/transfer/crypto-destination-addresses?crypto_networks=SOLANA',
      { token: t.token },
    );
    expect((sol.body as { addresses: unknown[] }).addresses).toHaveLength(1);
  });

  it('finds saved addresses by address in any spelling of it, on any network or the asked ones', async () => {
    const find = async (query: string) =>
      (
        (
          await t.s.call('GET', `/v2/transfer/crypto-destination-addresses?${query}`, {
            token: t.token,
          })
        ).body as { addresses: Array<{ crypto_network: string; address: string }> }
      ).addresses.map((a) => `${a.crypto_network}:${a.address}`);
    const evmA = SAMPLE_ADDRESSES.evmA;
    // EVM addresses are one address whatever their case (EIP-55 is a checksum).
    expect(await find(`addresses=${evmA.toLowerCase()}`)).toEqual([`ETHEREUM:${evmA}`]);
    expect(
      await find(`addresses=${evmA.toUpperCase().replace('0X', '0x')},${SAMPLE_ADDRESSES.evmB}`),
    ).toEqual(expect.arrayContaining([`ETHEREUM:${evmA}`, `BASE:${SAMPLE_ADDRESSES.evmB}`]));
    expect(await find(`addresses=${evmA}&crypto_networks=BASE`)).toEqual([]);
    expect(await find(`addresses=${evmA},${evmA}&crypto_networks=ETHEREUM`)).toEqual([
      `ETHEREUM:${evmA}`,
    ]);
    expect(await find('addresses=0x0000000000000000000000000000000000000001')).toEqual([]);
  });

  it('answers 403 to a token without the companion scope, and console-basic cannot get one', async () => {
    const narrow = await t.s.token([SCOPES.listStatements]);
    expect((await t.s.call('GET', '/v2/transfer/transfers', { token: narrow })).status).toBe(403);
    const res = await requestToken(t.s.url, BASIC_CLIENT, [SCOPES.readTransfer]);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_scope' });
  });
});
