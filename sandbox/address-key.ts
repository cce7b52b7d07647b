import type { CryptoNetwork } from '../contract/crypto-network';

const EVM: ReadonlySet<CryptoNetwork> = new Set([
  'ETHEREUM',
  'POLYGON_POS',
  'BASE',
  'ARBITRUM_ONE',
  'INK',
  'XLAYER',
]);

/**
 * The comparable form of an address: one wallet written two ways is one saved address.
 * EVM hex and bech32 are case-insensitive (EIP-55 case is only a checksum); a cashaddr may come
 * without its prefix. Base58 and Stellar keys are case-sensitive and stay as they are.
 */
export function normalizeAddress(network: CryptoNetwork, address: string): string {
  const trimmed = address.trim();
  if (EVM.has(network)) return trimmed.toLowerCase();
  if (/^(bc|tb|bcrt|ltc|tltc|rltc)1/i.test(trimmed)) return trimmed.toLowerCase();
  if (network === 'BITCOIN_CASH' && !/^[13mn2]/.test(trimmed)) {
    const lower = trimmed.toLowerCase();
    return lower.includes(':') ? lower : `bitcoincash:${lower}`;
  }
  return trimmed;
}

/** The upsert key of a saved address: (crypto_network, address, identity_id). */
export function addressKey(
  network: CryptoNetwork,
  address: string,
  identityId: string | undefined,
): string {
  return `${network}\n${normalizeAddress(network, address)}\n${identityId ?? ''}`;
}
