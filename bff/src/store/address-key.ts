import { canonicalAddress } from '#contract/networks/canonical-address';

/**
 * The address book's key: "network:address:identity" (identity empty when none), with the
 * address in its canonical form, so one wallet written two ways (EIP-55 or lower case,
 * `bitcoincash:q…` or `q…`) is one entry.
 */
export function addressBookKey(network: string, address: string, identityId?: string): string {
  return `${network}:${canonicalAddress(network, address)}:${identityId ?? ''}`;
}
