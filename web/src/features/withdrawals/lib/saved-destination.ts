import type { AddressBookEntry } from '#contract/address-book';
import { isSameAddress } from '#contract/networks';

/**
 * The address-book entry a withdrawal goes to: same network, same address (as the network
 * compares them) and, when the withdrawal names an identity, the entry saved for that identity.
 */
export function findSavedDestination(
  entries: readonly AddressBookEntry[],
  network: string,
  address: string,
  identityId: string | undefined,
): AddressBookEntry | undefined {
  const trimmed = address.trim();
  const identity = identityId?.trim() ?? '';
  if (trimmed === '') return undefined;
  return entries.find(
    (entry) =>
      entry.crypto_network === network &&
      isSameAddress(network, entry.address, trimmed) &&
      (identity === '' || (entry.identity_id ?? '') === identity),
  );
}
