import { z } from 'zod';
import { NETWORK_REGISTRY, networkFacts } from './networks/registry';
import { openEnum } from './open-enum';

// The network enum and the lists the console reads, all derived from the one registry
// (contract/networks/registry.ts): a network is added there, never here.

export type CryptoNetwork = keyof typeof NETWORK_REGISTRY;

/**
 * The networks a request may name: the service's sixteen (docs/upstream-contract.md), in the
 * registry's order (Object.keys keeps it). A non-empty tuple, as z.enum wants.
 */
export const CRYPTO_NETWORKS = Object.keys(NETWORK_REGISTRY) as unknown as readonly [
  CryptoNetwork,
  ...CryptoNetwork[],
];

export const CryptoNetworkSchema = z.enum(CRYPTO_NETWORKS);

/** The networks with Ethereum-style accounts (the `evm` family): `0x` + 20 bytes, EIP-55 case checksum. */
export const EVM_NETWORKS: readonly CryptoNetwork[] = CRYPTO_NETWORKS.filter(
  (network) => NETWORK_REGISTRY[network].family === 'evm',
);

export function isEvmNetwork(network: string): boolean {
  return networkFacts(network)?.family === 'evm';
}

/** In responses the list may grow further: unknown values are kept. */
export const ResponseCryptoNetworkSchema = openEnum(CRYPTO_NETWORKS);

export const CRYPTO_NETWORK_LABELS = Object.fromEntries(
  CRYPTO_NETWORKS.map((network) => [network, NETWORK_REGISTRY[network].label]),
) as Record<CryptoNetwork, string>;

export function isKnownCryptoNetwork(value: string): value is CryptoNetwork {
  return networkFacts(value) !== undefined;
}
