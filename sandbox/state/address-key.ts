import type { CryptoNetwork } from '#contract/crypto-network';
import { canonicalAddress } from '#contract/networks/canonical-address';

/** The upsert key of a saved address: (crypto_network, canonical address, identity_id). */
export function addressKey(
  network: CryptoNetwork,
  address: string,
  identityId: string | undefined,
): string {
  return `${network}\n${canonicalAddress(network, address)}\n${identityId ?? ''}`;
}
