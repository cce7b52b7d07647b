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

/**
 * A network as a person or a link writes it (a filter in a query or a URL): the published name
 * when it is one in any case and spacing (`ethereum` is ETHEREUM), else undefined. The one
 * reading of a hand-written network, in the BFF's filters and the SPA's URL state alike.
 */
export function normalizeCryptoNetwork(value: string): CryptoNetwork | undefined {
  const name = value.trim().toUpperCase();
  return isKnownCryptoNetwork(name) ? name : undefined;
}

/**
 * A filter's `crypto_network` query parameter: normalised as above, and refused by name when it
 * is not one of the published networks (never forwarded to the service as written).
 */
export const CryptoNetworkFilterSchema = z
  .string()
  .max(40, 'crypto_network names one of the published networks')
  .transform((value, ctx) => {
    const network = normalizeCryptoNetwork(value);
    if (network !== undefined) return network;
    ctx.addIssue({
      code: 'custom',
      message: `crypto_network must be one of the published networks: ${CRYPTO_NETWORKS.join(', ')}`,
    });
    return z.NEVER;
  });
