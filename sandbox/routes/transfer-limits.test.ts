import { describe, expect, it } from 'vitest';
import { SCOPES } from '#contract/scopes';
import { FAILING_ADDRESSES } from '../seed/magic-values';
import { expectPublishedShape, clockedSandboxPerTest, withdrawEth } from '../testing/test-support';

const ETH_ADDRESS = '0x3A8e9b7c8d340626315788B48060469dFd080775';
const PATH = '/v2/transfer/limits/utilizations';

type Limits = { items: Array<Record<string, unknown>>; next_page_cursor: string };

describe('GET /v2/transfer/limits/utilizations', () => {
  const t = clockedSandboxPerTest();

  const limits = async (query = '?transfer_type=CRYPTO_WITHDRAWAL') => {
    const res = await t.s.call('GET', `${PATH}${query}`, { token: t.token });
    expect(res.status).toBe(200);
    return res.body as Limits;
  };
  const remaining = async (ruleId: string) =>
    (await limits()).items.find((l) => l.rule_id === ruleId)?.remaining;
  const withdraw = (destination: string, amount: string) =>
    withdrawEth(t, { destination_address: destination, amount });

  it('publishes per-period and per-transaction rules; transfer_type leaves the others out', async () => {
    const crypto = await limits();
    // A string, empty at the end (the document; never null: issue 37 item 5).
    expect(crypto.next_page_cursor).toBe('');
    expect(crypto.items).toContainEqual({
      id: 'a7c1e3f5-0b2d-4f6a-8c9e-1d3f5a7b9c0e',
      rule_id: 'crypto-withdrawal-usd-24h',
      transfer_types: ['CRYPTO_WITHDRAWAL'],
      period_seconds: '86400',
      limit: '1000000',
      remaining: '1000000',
      limit_asset: 'USD',
    });
    expect(crypto.items).toContainEqual(
      expect.objectContaining({
        period_seconds: '0',
        limit: '20',
        remaining: '20',
        limit_asset: 'BTC',
      }),
    );
    expect(
      crypto.items.every((l) => (l.transfer_types as string[]).includes('CRYPTO_WITHDRAWAL')),
    ).toBe(true);
    expect((await limits('')).items.length).toBeGreaterThan(crypto.items.length);
    const paged = await limits('?transfer_type=CRYPTO_WITHDRAWAL&limit=2');
    expect(paged.items).toHaveLength(2);
    expect(paged.next_page_cursor).toEqual(expect.any(String));
    expect(paged.next_page_cursor).not.toBe('');
    const last = await limits(
      `?transfer_type=CRYPTO_WITHDRAWAL&limit=2&page_cursor=${paged.next_page_cursor}`,
    );
    expect(last.next_page_cursor).toBe('');
  });

  it('shrinks what remains with each withdrawal in the window; a failed one gives it back', async () => {
    expect((await withdraw(ETH_ADDRESS, '0.1')).status).toBe(200);
    expect(await remaining('crypto-withdrawal-usd-24h')).toBe('999700');
    expect(await remaining('crypto-withdrawal-eth-7d')).toBe('499.9');
    expect(await remaining('crypto-withdrawal-btc-per-transaction')).toBe('20');
    expect((await withdraw(FAILING_ADDRESSES.ETHEREUM, '0.5')).status).toBe(200);
    expect(await remaining('crypto-withdrawal-usd-24h')).toBe('998200');
    t.clock.advance(6000);
    // The failed one is given back; the completed one still counts.
    expect(await remaining('crypto-withdrawal-usd-24h')).toBe('999700');
    t.clock.advance(24 * 3600 * 1000);
    t.token = await t.s.token();
    expect(await remaining('crypto-withdrawal-usd-24h')).toBe('1000000');
    expect(await remaining('crypto-withdrawal-eth-7d')).toBe('499.9');
  });

  it('refuses an unknown parameter with a 400 problem; 403 without transfer:read_transfer_limit', async () => {
    const bad = await t.s.call('GET', `${PATH}?color=red`, { token: t.token });
    expect(bad.status).toBe(400);
    expectPublishedShape(bad.body);
    const narrow = await t.s.token([SCOPES.listStatements]);
    expect((await t.s.call('GET', PATH, { token: narrow })).status).toBe(403);
  });

  it('answers the injected faults like every other operation', async () => {
    t.s.sandbox.faults.set({ errorRate: 1 });
    expect((await t.s.call('GET', PATH, { token: t.token })).status).toBe(503);
    expect((await t.s.call('GET', '/v2/profiles', { token: t.token })).status).toBe(503);
  });
});
