import { describe, expect, it } from 'vitest';
import type { AddressBookEntry } from '#contract/address-book';
import { SAMPLE_ADDRESSES } from '#sandbox/index';
import { ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';
import { storeAndBffForSuite, BUSY_WRITER_ENV } from '#bff-test/test-bff-for-suite';

describe.each(ALL_BACKENDS)('GET /api/addresses on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const { store, bff } = storeAndBffForSuite(backend, 'test_list_addresses', () => ({
    env: BUSY_WRITER_ENV,
  }));

  const put = (body: Record<string, unknown>) => bff.request('PUT', '/api/addresses', { body });
  const list = async (query = '') =>
    (
      (await bff.request('GET', `/api/addresses${query}`)).body as {
        addresses: AddressBookEntry[];
      }
    ).addresses;

  it('lists what PUT /api/addresses saved: current state, history, search, bookmarked first', async () => {
    expect(
      (
        await put({
          crypto_network: 'ETHEREUM',
          address: SAMPLE_ADDRESSES.evmA,
          nickname: 'Ops hot wallet',
          bookmarked_status: false,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await put({
          crypto_network: 'SOLANA',
          address: SAMPLE_ADDRESSES.solanaB,
          nickname: 'Payroll',
          bookmarked_status: true,
        })
      ).status,
    ).toBe(200);
    // An update of the first one: the same entry, version 2.
    expect(
      (
        await put({
          crypto_network: 'ETHEREUM',
          address: SAMPLE_ADDRESSES.evmA,
          nickname: 'Ops warm wallet',
          bookmarked_status: false,
          travelrule_metadata: { beneficiary: { self: true } },
        })
      ).status,
    ).toBe(200);

    const all = await list();
    expect(all.map((a) => a.nickname)).toEqual(['Payroll', 'Ops warm wallet']);
    const warm = all[1]!;
    expect(warm).toMatchObject({ version: 2, has_travel_rule: true, crypto_network: 'ETHEREUM' });
    expect((await store.addressBook.history(warm.key)).map((h) => h.address.nickname)).toEqual([
      'Ops hot wallet',
      'Ops warm wallet',
    ]);

    expect((await list('?q=warm')).map((a) => a.nickname)).toEqual(['Ops warm wallet']);
    expect((await list(`?q=${SAMPLE_ADDRESSES.evmA.slice(0, 8)}`)).map((a) => a.nickname)).toEqual([
      'Ops warm wallet',
    ]);
    expect((await list(`?q=${SAMPLE_ADDRESSES.solanaB.slice(-6)}`)).map((a) => a.nickname)).toEqual(
      ['Payroll'],
    );
    expect((await list('?crypto_network=SOLANA')).map((a) => a.nickname)).toEqual(['Payroll']);
    expect((await bff.request('GET', '/api/addresses?unknown=1')).status).toBe(400);
    // A known network in any case is read as the published name; an unknown one is refused by
    // name (issue 25, item 5).
    expect((await list('?crypto_network=solana')).map((a) => a.nickname)).toEqual(['Payroll']);
    const unknown = await bff.request('GET', '/api/addresses?crypto_network=dogechain');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('crypto_network');
  });

  it('finds an address by its beneficiary or VASP name', async () => {
    expect(
      (
        await put({
          crypto_network: 'ETHEREUM',
          address: SAMPLE_ADDRESSES.evmC,
          nickname: 'Supplier',
          bookmarked_status: false,
          travelrule_metadata: {
            custodian_type: 'VASP',
            beneficiary: { person_details: { first_name: 'Grace', last_name: 'Hopper' } },
            vasp: { custom_vasp_name: 'Bitstamp', custom_vasp_website: 'bitstamp.net' },
          },
        })
      ).status,
    ).toBe(200);
    expect((await list('?q=grace%20hopper')).map((a) => a.nickname)).toEqual(['Supplier']);
    expect((await list('?q=bitstamp')).map((a) => a.nickname)).toEqual(['Supplier']);
    expect(await list('?q=nobody-by-that-name')).toEqual([]);
  });

  it('folds accents and case in names: "muller" finds Müller (issue 42, item 12)', async () => {
    const saved = await put({
      crypto_network: 'BASE',
      address: SAMPLE_ADDRESSES.evmC,
      nickname: 'Zürich payroll',
      bookmarked_status: false,
      travelrule_metadata: {
        custodian_type: 'PRIVATE',
        beneficiary: { person_details: { first_name: 'Jürgen', last_name: 'Müller' } },
      },
    });
    expect(saved.status).toBe(200);
    expect((await list('?q=muller')).map((a) => a.nickname)).toEqual(['Zürich payroll']);
    expect((await list('?q=JURGEN%20MULLER')).map((a) => a.nickname)).toEqual(['Zürich payroll']);
    expect((await list('?q=zurich')).map((a) => a.nickname)).toEqual(['Zürich payroll']);
    expect((await list('?q=M%C3%BCller')).map((a) => a.nickname)).toEqual(['Zürich payroll']);
  });
});
