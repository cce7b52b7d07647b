import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListAddressesResponseSchema } from '#contract/address-book';
import { SAMPLE_ADDRESSES } from '#sandbox/index';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';

// One address rule (canonicalAddress) keys the address book: one wallet written two ways is one
// entry, and saving it again is an update, also in the audit trail.

describe('PUT /api/addresses: one entry per address, whatever its spelling', () => {
  let bff: TestBff;
  beforeAll(async () => {
    bff = await startTestBff({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000' } });
    // The embedded store starts on first use (seconds): not inside a test's time.
    await bff.request('GET', '/api/addresses');
  }, 120_000);
  afterAll(() => bff.close());

  const put = (body: Record<string, unknown>) =>
    bff.request('PUT', '/api/addresses', { body }).then((res) => {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res;
    });
  const entries = async (network: string) =>
    ListAddressesResponseSchema.parse(
      (await bff.request('GET', `/api/addresses?crypto_network=${network}&limit=500`)).body,
    ).addresses;
  const auditOutcomes = async (requestIds: unknown[]) => {
    const { events } = (await bff.request('GET', '/api/audit?limit=200')).body as {
      events: { request_id: string; outcome: string }[];
    };
    return requestIds.map((id) => events.find((e) => e.request_id === id)?.outcome);
  };

  it('bitcoincash:q… and the bare q… are one entry; the second save is audited as updated', async () => {
    const full = SAMPLE_ADDRESSES.bitcoinCash;
    const bare = full.slice('bitcoincash:'.length);
    const first = await put({ crypto_network: 'BITCOIN_CASH', address: full, nickname: 'Cash A' });
    const second = await put({ crypto_network: 'BITCOIN_CASH', address: bare, nickname: 'Cash B' });
    const saved = await entries('BITCOIN_CASH');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ nickname: 'Cash B', version: 2 });
    expect(
      await auditOutcomes([first.headers['x-request-id'], second.headers['x-request-id']]),
    ).toEqual(['created', 'updated']);
  });

  it('an EVM address in EIP-55, lower and upper case is one entry; saving again says updated', async () => {
    const eip55 = SAMPLE_ADDRESSES.evmC;
    const spellings = [eip55, eip55.toLowerCase(), `0x${eip55.slice(2).toUpperCase()}`];
    const ids: unknown[] = [];
    for (const [i, address] of spellings.entries())
      ids.push(
        (await put({ crypto_network: 'ARBITRUM_ONE', address, nickname: `Desk ${i}` })).headers[
          'x-request-id'
        ],
      );
    const saved = await entries('ARBITRUM_ONE');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ nickname: 'Desk 2', version: 3 });
    expect(await auditOutcomes(ids)).toEqual(['created', 'updated', 'updated']);
  });

  it('base58 stays case-sensitive: two Solana spellings that differ in case are two entries', async () => {
    const address = SAMPLE_ADDRESSES.solanaB;
    await put({ crypto_network: 'SOLANA', address });
    // Lower-cased, the base58 string is another 32-byte key: another wallet.
    await put({ crypto_network: 'SOLANA', address: address.toLowerCase() });
    expect((await entries('SOLANA')).map((e) => e.address)).toEqual(
      expect.arrayContaining([address, address.toLowerCase()]),
    );
  });
});
