import type { CryptoNetwork } from '#contract/crypto-network';

// The sandbox's market: fixed USD prices, which asset travels on which network, and the network
// fee of each pair. The real service quotes these live; fixed values keep tests exact.

/** USD price of one unit. Stablecoins are worth 1 USD. */
export const USD_PRICES: Readonly<Record<string, string>> = {
  BTC: '60000',
  ETH: '3000',
  LTC: '80',
  BCH: '400',
  SOL: '150',
  XLM: '0.10',
  AVAX: '25',
  BNB: '600',
  DOGE: '0.20',
  SUI: '3',
  USDG: '1',
  PYUSD: '1',
  USDC: '1',
};

/**
 * The fee of a withdrawal, charged in the withdrawn asset itself (so `total = amount + fee` is
 * one-asset arithmetic, as docs/upstream-contract.md describes). Native coins pay their network's fee;
 * tokens pay a flat fee in the token.
 */
export const NETWORK_FEES: Readonly<Record<CryptoNetwork, Readonly<Record<string, string>>>> = {
  BITCOIN: { BTC: '0.00002' },
  ETHEREUM: { ETH: '0.0004', USDG: '1.50', PYUSD: '1.50', USDC: '1.50' },
  BITCOIN_CASH: { BCH: '0.00001' },
  LITECOIN: { LTC: '0.0001' },
  SOLANA: { SOL: '0.000005', USDG: '0.01', PYUSD: '0.01', USDC: '0.01' },
  POLYGON_POS: { USDC: '0.05' },
  BASE: { ETH: '0.00001', USDC: '0.02' },
  ARBITRUM_ONE: { ETH: '0.00002', PYUSD: '0.03', USDC: '0.03' },
  STELLAR: { XLM: '0.00001', PYUSD: '0.001', USDC: '0.001' },
  INK: { ETH: '0.00001', USDG: '0.02' },
  XLAYER: { USDG: '0.02' },
  AVALANCHE: { AVAX: '0.001', USDC: '0.02' },
  BNB: { BNB: '0.00005', USDC: '0.02' },
  ROBINHOOD: { ETH: '0.00001' },
  DOGECOIN: { DOGE: '1' },
  SUI: { SUI: '0.002', USDC: '0.01' },
};

/** The fee for sending `asset` on `network`, or undefined when the asset does not travel there. */
export function networkFee(network: CryptoNetwork, asset: string): string | undefined {
  return NETWORK_FEES[network][asset];
}

export function networksForAsset(asset: string): CryptoNetwork[] {
  return (Object.keys(NETWORK_FEES) as CryptoNetwork[]).filter(
    (n) => NETWORK_FEES[n][asset] !== undefined,
  );
}
