import type { AddressBookEntry } from '#contract/address-book';
import { isSameAddress } from '#contract/networks/canonical-address';

/**
 * The one lookup of an address-book entry on the web side: same network, same address (as the
 * network compares them, contract/networks/canonical-address.ts) and the identity. Without an
 * identity, any entry of the destination answers; with `exactIdentity`, only the entry saved for
 * exactly `identityId` does ("" or undefined: the entry saved without one).
 */
export function findBookEntry(
  entries: readonly AddressBookEntry[],
  network: string,
  address: string,
  identityId?: string,
  options: { exactIdentity?: boolean } = {},
): AddressBookEntry | undefined {
  const trimmed = address.trim();
  const identity = identityId?.trim() ?? '';
  if (trimmed === '') return undefined;
  const sameIdentity = (entry: AddressBookEntry) =>
    (!options.exactIdentity && identity === '') || (entry.identity_id ?? '') === identity;
  return entries.find(
    (entry) =>
      entry.crypto_network === network &&
      isSameAddress(network, entry.address, trimmed) &&
      sameIdentity(entry),
  );
}
