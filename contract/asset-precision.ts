import { isUsdStablecoin } from './usd-value';

// How many decimal places the service takes per asset: one more is refused upstream with 400
// "Exceeds Maximum Precision Allowed" (docs/upstream-contract.md). The one table for the form,
// the BFF's request validation and the local upstream. An asset not listed here is not checked
// by the console (the service still decides).
export const ASSET_DECIMALS: Readonly<Record<string, number>> = {
  BTC: 8,
  BCH: 8,
  LTC: 8,
  DOGE: 8,
  ETH: 18,
  AVAX: 18,
  BNB: 18,
  POL: 18,
  SOL: 9,
  SUI: 9,
  XLM: 7,
  USDG: 6,
  PYUSD: 6,
  USDC: 6,
  USDP: 6,
  PAXG: 18,
};

/** The places an asset takes, or undefined when the console does not know the asset. */
export function assetDecimals(asset: string): number | undefined {
  return Object.hasOwn(ASSET_DECIMALS, asset) ? ASSET_DECIMALS[asset] : undefined;
}

/** Digits after the point of a plain decimal string ("1.50" → 2, "3" → 0). */
export function decimalPlaces(value: string): number {
  const point = value.indexOf('.');
  return point === -1 ? 0 : value.length - point - 1;
}

/**
 * Why an amount has too many decimal places for its asset, or undefined when it fits (or the
 * asset is not in the table). Trailing zeros count: the service counts the digits sent.
 */
export function precisionIssue(asset: string, amount: string): string | undefined {
  const places = assetDecimals(asset);
  if (places === undefined || decimalPlaces(amount) <= places) return undefined;
  return `${asset} takes at most ${places} decimal place${places === 1 ? '' : 's'}; this amount has ${decimalPlaces(amount)}`;
}

// The places an amount is usually shown with: US dollar stablecoins in cents (their statements,
// fees and totals read "7,343.00"), other assets with their own places up to 8 (satoshi-like
// precision; ETH's 18 would be mostly zeros). An amount is padded to them and never rounded: a
// value with more digits keeps every one (see web formatAmount).
const USUAL_PLACES_CAP = 8;

/** How many decimal places amounts of this asset are usually shown with; undefined: unknown. */
export function usualPlaces(asset: string): number | undefined {
  if (asset === 'USD' || isUsdStablecoin(asset)) return 2;
  const places = assetDecimals(asset);
  return places === undefined ? undefined : Math.min(places, USUAL_PLACES_CAP);
}
