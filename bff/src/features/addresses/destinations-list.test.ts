import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDestinationsResponse } from '#contract/destinations';
import { SAMPLE_ADDRESSES } from '#sandbox/index';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';

// Issue 26 item 6: an address saved through the console was listed twice (the book's table and
// "Saved at the service"); search missed VASP names and a CashAddr without its prefix.

describe('GET /api/destinations: the book and the service as one list', () => {
  let bff: TestBff;
  beforeAll(async () => {
    bff = await startTestBff({ env: { LOG_LEVEL: 'warn', WRITE_RATE_LIMIT_PER_MINUTE: '1000' } });
    const put = (body: Record<string, unknown>) => bff.request('PUT', '/api/addresses', { body });
    // Saved at the service already (the seed): saved again through the console, it is in both.
    expect(
      (
        await put({
          crypto_network: 'SOLANA',
          address: SAMPLE_ADDRESSES.solanaA,
          nickname: 'Solana payout',
          travelrule_metadata: { beneficiary: { self: true }, custodian_type: 'PRIVATE' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await put({
          crypto_network: 'BITCOIN_CASH',
          address: SAMPLE_ADDRESSES.bitcoinCash,
          nickname: 'BCH payouts',
          travelrule_metadata: {
            beneficiary: { institution_details: { name: 'Acme GmbH' } },
            custodian_type: 'VASP',
            vasp: { id: 'vasp-kraken' },
          },
        })
      ).status,
    ).toBe(200);
  });
  afterAll(() => bff?.close());

  const list = async (query = '') =>
    (await bff.request('GET', `/api/destinations${query}`)).body as ListDestinationsResponse;

  it('lists a destination held by both once, as the book’s entry; the service’s others after it', async () => {
    const { destinations, service_unread } = await list();
    expect(service_unread).toBe(false);
    const solana = destinations.filter((d) => d.address === SAMPLE_ADDRESSES.solanaA);
    expect(solana.map((d) => [d.source, d.nickname])).toEqual([['book', 'Solana payout']]);
    const treasury = destinations.find((d) => d.address === SAMPLE_ADDRESSES.evmA);
    expect(treasury).toMatchObject({ source: 'service', nickname: 'Treasury cold wallet' });
  });

  it('finds a CashAddr without its prefix and an entry by its VASP', async () => {
    const bare = SAMPLE_ADDRESSES.bitcoinCash.replace('bitcoincash:', '').slice(0, 10);
    expect((await list(`?q=${bare}`)).destinations.map((d) => d.nickname)).toEqual(['BCH payouts']);
    expect((await list('?q=kraken')).destinations.map((d) => d.nickname)).toEqual(['BCH payouts']);
    // The service's own rows are searched by the same rule.
    expect((await list('?q=Cold')).destinations.map((d) => d.nickname)).toEqual([
      'Treasury cold wallet',
    ]);
  });
});
