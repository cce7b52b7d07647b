import { z } from 'zod';
import { openEnum } from './open-enum';

/** The networks a request may name: the service's sixteen (docs/upstream-contract.md). */
export const CRYPTO_NETWORKS = [
  'BITCOIN',
  'ETHEREUM',
  'BITCOIN_CASH',
  'LITECOIN',
  'SOLANA',
  'POLYGON_POS',
  'BASE',
  'ARBITRUM_ONE',
  'STELLAR',
  'INK',
  'XLAYER',
  'AVALANCHE',
  'BNB',
  'ROBINHOOD',
  'DOGECOIN',
  'SUI',
] as const;

export const CryptoNetworkSchema = z.enum(CRYPTO_NETWORKS);
export type CryptoNetwork = z.infer<typeof CryptoNetworkSchema>;

/** The networks with Ethereum-style accounts: `0x` + 20 bytes, EIP-55 case checksum. */
export const EVM_NETWORKS: readonly CryptoNetwork[] = [
  'ETHEREUM',
  'POLYGON_POS',
  'BASE',
  'ARBITRUM_ONE',
  'INK',
  'XLAYER',
  'AVALANCHE',
  'BNB',
  'ROBINHOOD',
];

export function isEvmNetwork(network: string): boolean {
  return (EVM_NETWORKS as readonly string[]).includes(network);
}

/** In responses the list may grow further: unknown values are kept. */
export const ResponseCryptoNetworkSchema = openEnum(CRYPTO_NETWORKS);

export const CRYPTO_NETWORK_LABELS: Record<CryptoNetwork, string> = {
  BITCOIN: 'Bitcoin',
  ETHEREUM: 'Ethereum',
  BITCOIN_CASH: 'Bitcoin Cash',
  LITECOIN: 'Litecoin',
  SOLANA: 'Solana',
  POLYGON_POS: 'Polygon PoS',
  BASE: 'Base',
  ARBITRUM_ONE: 'Arbitrum One',
  STELLAR: 'Stellar',
  INK: 'Ink',
  XLAYER: 'X Layer',
  AVALANCHE: 'Avalanche C-Chain',
  BNB: 'BNB Smart Chain',
  ROBINHOOD: 'Robinhood Chain',
  DOGECOIN: 'Dogecoin',
  SUI: 'Sui',
};

export function isKnownCryptoNetwork(value: string): value is CryptoNetwork {
  return (CRYPTO_NETWORKS as readonly string[]).includes(value);
}
