import type { AddressBookEntry } from '#contract/address-book';

/**
 * A saved ETHEREUM address as the BFF's address book answers it, for tests: "Treasury cold
 * wallet", bookmarked, with a person beneficiary (Ada Lovelace) at a VASP; `overrides` replace
 * members.
 */
export function addressBookEntry(
  address: string,
  overrides: Partial<AddressBookEntry> = {},
): AddressBookEntry {
  return {
    key: 'k1',
    crypto_network: 'ETHEREUM',
    address,
    nickname: 'Treasury cold wallet',
    bookmarked: true,
    has_travel_rule: true,
    upstream: {
      id: 'addr-1',
      crypto_network: 'ETHEREUM',
      address,
      travelrule_metadata: {
        beneficiary: { person_details: { first_name: 'Ada', last_name: 'Lovelace' } },
        vasp: { name: 'Kraken' },
      },
    },
    saved_by: { subject: 'op-1', name: 'Olive' },
    updated_at: '2026-11-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}
