import { describe, expect, it } from 'vitest';
import { ListDestinationsResponseSchema } from '#contract/destinations';
import { SAMPLE_ADDRESSES } from '#sandbox/index';
import { withdrawalBody } from '#bff-test/withdrawal-body';
import { storeAndBffForSuite } from '#bff-test/test-bff-for-suite';

// Issue 42, item D: an address saved only at the service (the seeded Treasury wallet) had no
// Archive, so the console could not take it out of use. Archiving it keeps it in the console's
// book, archived: the service keeps its record, the gate refuses withdrawals to it.

describe('archiving an address saved only at the service', () => {
  const { bff } = storeAndBffForSuite('pglite', 'test_archive_service_address', () => ({
    env: { LOG_LEVEL: 'warn' },
  }));

  const destinations = async (query = '') =>
    ListDestinationsResponseSchema.parse(
      (await bff.request('GET', `/api/destinations${query}`)).body,
    ).destinations;

  it('takes it out of use: out of the list, archived in the book, withdrawals to it refused', async () => {
    const row = (await destinations()).find(
      (d) => d.source === 'service' && d.address === SAMPLE_ADDRESSES.evmA,
    );
    expect(row?.key).toMatch(/^service:/);
    const archived = await bff.request('POST', '/api/addresses/archive', {
      body: { key: row!.key, archived: true },
    });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({
      address: { crypto_network: 'ETHEREUM', address: SAMPLE_ADDRESSES.evmA, archived: {} },
    });
    expect((await destinations()).map((d) => d.address)).not.toContain(SAMPLE_ADDRESSES.evmA);
    expect((await destinations('?archived=only')).map((d) => d.address)).toContain(
      SAMPLE_ADDRESSES.evmA,
    );
    const refused = await bff.request('POST', '/api/withdrawals', {
      body: withdrawalBody(`archived-service-${Date.now()}`),
    });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toMatch(/archived/i);
    // A key the service does not hold is still not found.
    const missing = await bff.request('POST', '/api/addresses/archive', {
      body: { key: 'service:no-such-id', archived: true },
    });
    expect(missing.status).toBe(404);
  });
});
