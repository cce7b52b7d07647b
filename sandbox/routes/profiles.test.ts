import { describe, expect, it } from 'vitest';
import { SCOPES } from '#contract/scopes';
import { SEED_IDS } from '../seed/seed';
import { expectPublishedShape, clockedSandboxPerTest, withdrawEth } from '../testing/test-support';

const ETH_ADDRESS = '0x3A8e9b7c8d340626315788B48060469dFd080775';

type Page = { items: Array<Record<string, unknown>>; next_page_cursor: string };

describe('GET /v2/profiles and their balances', () => {
  const t = clockedSandboxPerTest();

  const get = (path: string) => t.s.call('GET', path, { token: t.token });
  const nicknames = (body: unknown) => (body as Page).items.map((p) => p.nickname);

  // Issue 37 item 5: the document says ascending by created_at by default, and a string cursor,
  // empty at the end (the local upstream answered newest first and null).
  it('lists the profiles in the published shape, oldest first, DESC on request', async () => {
    const res = await get('/v2/profiles');
    expect(res.status).toBe(200);
    const body = res.body as Page;
    expect(body.next_page_cursor).toBe('');
    expect(body.items).toContainEqual({
      id: SEED_IDS.exampleProfile,
      nickname: 'Treasury',
      type: 'DEFAULT',
      description: 'Main operating funds',
      account_id: 'f3c1d2e4-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    });
    expect(nicknames(res.body)).toEqual([
      'Treasury',
      'Rewards payouts',
      'Compliance hold',
      'Petty cash',
      'Treasury reserve',
      'Market making',
    ]);
    const asc = await get('/v2/profiles?order=ASC&order_by=CREATED_AT');
    expect(nicknames(asc.body)).toEqual(nicknames(res.body));
    const desc = await get('/v2/profiles?order=DESC&order_by=CREATED_AT');
    expect(nicknames(desc.body)).toEqual([...nicknames(res.body)].reverse());
  });

  it('filters by a nickname prefix, by ids and by creation date, and pages', async () => {
    expect(nicknames((await get('/v2/profiles?nickname=treasury')).body)).toEqual([
      'Treasury',
      'Treasury reserve',
    ]);
    // A prefix, as published: the middle or the end of a nickname matches nothing.
    expect(nicknames((await get('/v2/profiles?nickname=reserve')).body)).toEqual([]);
    expect(nicknames((await get('/v2/profiles?nickname=cash')).body)).toEqual([]);
    expect(nicknames((await get('/v2/profiles?nickname=PETTY')).body)).toEqual(['Petty cash']);
    const ids = await get(
      `/v2/profiles?ids=${SEED_IDS.smallProfile}&ids=${SEED_IDS.multiAssetProfile}`,
    );
    expect(nicknames(ids.body)).toEqual(['Rewards payouts', 'Petty cash']);
    const recent = await get('/v2/profiles?created_at.gte=2025-01-01T00:00:00Z');
    expect(nicknames(recent.body)).toEqual(['Petty cash', 'Treasury reserve', 'Market making']);
    const first = (await get('/v2/profiles?limit=4')).body as Page;
    expect(first.items).toHaveLength(4);
    const second = (await get(`/v2/profiles?limit=4&page_cursor=${first.next_page_cursor}`))
      .body as Page;
    expect(first.next_page_cursor).not.toBe('');
    expect(second.items.map((p) => p.nickname)).toEqual(['Treasury reserve', 'Market making']);
    expect(second.next_page_cursor).toBe('');
  });

  it('refuses an unknown parameter or a bad filter with a 400 problem', async () => {
    for (const query of ['?color=red', '?order=UP', '?order_by=NAME', '?created_at.gt=yesterday']) {
      const res = await get(`/v2/profiles${query}`);
      expect(res.status, query).toBe(400);
      expectPublishedShape(res.body);
    }
  });

  it('answers the balances of the existing withdrawal stories (0.01 ETH on the small profile)', async () => {
    const res = await get(`/v2/profiles/${SEED_IDS.smallProfile}/balances?assets=ETH&assets=BTC`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        { asset: 'ETH', available: '0.01', trading: '0' },
        { asset: 'BTC', available: '0.0005', trading: '0' },
      ],
    });
    const all = await get(`/v2/profiles/${SEED_IDS.marketMakingProfile}/balances`);
    expect((all.body as Page).items).toContainEqual({
      asset: 'BTC',
      available: '3.5',
      trading: '1.5',
    });
    const one = await get(`/v2/profiles/${SEED_IDS.marketMakingProfile}/balances/USDC`);
    expect(one.body).toEqual({ asset: 'USDC', available: '250000', trading: '50000' });
    const none = await get(`/v2/profiles/${SEED_IDS.marketMakingProfile}/balances/USDG`);
    expect(none.body).toEqual({ asset: 'USDG', available: '0', trading: '0' });
  });

  it('answers 404 for an unknown profile or asset and 400 for an unknown asset filter', async () => {
    expect((await get('/v2/profiles/nobody/balances')).status).toBe(404);
    expect((await get(`/v2/profiles/${SEED_IDS.smallProfile}/balances/NOPE`)).status).toBe(404);
    const bad = await get(`/v2/profiles/${SEED_IDS.smallProfile}/balances?assets=NOPE`);
    expect(bad.status).toBe(400);
    expectPublishedShape(bad.body);
  });

  it('lowers the available balance when a withdrawal is made, and gives it back when it fails', async () => {
    const eth = async () =>
      (await get(`/v2/profiles/${SEED_IDS.exampleProfile}/balances/ETH`)).body;
    expect((await withdrawEth(t, { destination_address: ETH_ADDRESS, amount: '0.1' })).status).toBe(
      200,
    );
    expect(await eth()).toEqual({ asset: 'ETH', available: '249.8996', trading: '0' });
    t.clock.advance(6000);
    expect(await eth()).toEqual({ asset: 'ETH', available: '249.8996', trading: '0' });
  });

  it('needs funding:read_profile: 403 without it', async () => {
    const narrow = await t.s.token([SCOPES.listStatements]);
    const res = await t.s.call('GET', '/v2/profiles', { token: narrow });
    expect(res.status).toBe(403);
    const balances = await t.s.call('GET', `/v2/profiles/${SEED_IDS.smallProfile}/balances`, {
      token: narrow,
    });
    expect(balances.status).toBe(403);
  });
});
