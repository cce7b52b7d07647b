import { z } from 'zod';
import { openEnum } from './open-enum';

/** The networks a request may name (docs/upstream-contract.md). */
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
] as const;

export const CryptoNetworkSchema = z.enum(CRYPTO_NETWORKS);
export type CryptoNetwork = z.infer<typeof CryptoNetworkSchema>;

/** In responses the list grows (AVALANCHE, DOGECOIN, SUI, ...): unknown values are kept. */
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
};

export function isKnownCryptoNetwork(value: string): value is CryptoNetwork {
  return (CRYPTO_NETWORKS as readonly string[]).includes(value);
}
