import { z } from 'zod';
import { DecimalStringSchema, multiplyDecimal } from './decimal';
import { readPublishedItems } from './published-items';

// What a withdrawal is worth in US dollars: the four-eyes policy's USD tiers and rolling limits
// ask it. Prices come from the service's published markets (GET /v2/all-markets/prices, no
// scope), one market per asset named `<ASSET>USD`.

/**
 * The stablecoin rule: these USD stablecoins are valued 1:1 in US dollars and never asked a price
 * (the service publishes no market for USDG, PYUSD or USDC; it does publish USDPUSD, but USDP is
 * valued by the same rule as the others). The one list: the policy, the BFF's price reader and
 * the form all ask `isUsdStablecoin`.
 */
const USD_STABLECOINS: readonly string[] = ['USDG', 'PYUSD', 'USDP', 'USDC'];

export function isUsdStablecoin(asset: string): boolean {
  return USD_STABLECOINS.includes(asset);
}

/**
 * The markets the service publishes (GET /v2/all-markets/prices; upstream-facts.md, "Operator
 * context"). No SOLUSD, and none for USDG, PYUSD or USDC. Asking a market not listed here may
 * get the whole request refused, so only these are ever asked; the local upstream refuses the rest.
 */
export const PUBLISHED_USD_MARKETS: readonly string[] = [
  'ETHUSD',
  'BTCUSD',
  'PAXGUSD',
  'BCHUSD',
  'LTCUSD',
  'USDPUSD',
  'LINKUSD',
  'AAVEUSD',
  'UNIUSD',
  'PEPEUSD',
  'TRUMPUSD',
  'SHIBUSD',
  'ARBUSD',
  'BONKUSD',
  'ENAUSD',
  'MNTUSD',
  'ONDOUSD',
  'PENGUUSD',
  'QNTUSD',
  'RENDERUSD',
  'SKYUSD',
  'WIFUSD',
  'WLDUSD',
  'DOGEUSD',
  'AVAXUSD',
  'SUIUSD',
  'POLUSD',
  'XLMUSD',
  'BNBUSD',
];

/**
 * The published market that prices `asset` in US dollars (`BTCUSD`), or undefined: a stablecoin
 * (1 USD by rule) or an asset the service publishes no market for (SOL: "no USD price", and a USD
 * rule of the four-eyes policy holds its withdrawal, fail safe).
 */
export function usdMarketOf(asset: string): string | undefined {
  if (isUsdStablecoin(asset)) return undefined;
  const market = `${asset}USD`;
  return PUBLISHED_USD_MARKETS.includes(market) ? market : undefined;
}

/** One asset's USD price (of one unit), as the BFF answers GET /api/prices. */
const UsdPriceSchema = z.object({
  asset: z.string(),
  usd_price: DecimalStringSchema,
  /** When the service took the price (absent for a stablecoin: 1 USD, by rule). */
  snapshot_at: z.string().optional(),
});
export type UsdPrice = z.infer<typeof UsdPriceSchema>;

/** GET /api/prices?assets=BTC&assets=LTC: the assets it could price (an unknown one is left out). */
export const UsdPricesResponseSchema = z.object({ prices: z.array(UsdPriceSchema) });
export type UsdPricesResponse = z.infer<typeof UsdPricesResponseSchema>;

/** The query: 1 to 20 asset codes, repeated. */
export const UsdPricesQuerySchema = z.strictObject({
  assets: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(z.string().regex(/^[A-Z0-9]{2,12}$/, 'An asset code such as BTC or USDG'))
        .min(1)
        .max(20),
    ),
});

/** One market's price: without a readable `market` and `current_price` it prices nothing. */
const MarketPriceSchema = z.object({
  market: z.string(),
  current_price: DecimalStringSchema,
  // Not used to value anything: unreadable, it is left out, never the market's price.
  yesterday_price: DecimalStringSchema.optional().catch(undefined),
  snapshot_at: z.string().optional().catch(undefined),
});

/**
 * The service's answer: its schema says `{ items: [{ market, current_price, yesterday_price,
 * snapshot_at }] }`, its own example `{ prices: [...] }`: either is read, item by item (one item
 * without a price loses that market only, never the others).
 */
export const MarketPricesResponseSchema = z
  .looseObject({
    items: z.array(z.unknown()).nullish(),
    prices: z.array(z.unknown()).nullish(),
  })
  .transform(({ items, prices }) => ({
    items: readPublishedItems([...(items ?? []), ...(prices ?? [])], MarketPriceSchema).items,
  }));

/** USD price of one unit per asset: what `usdValueOf` reads. */
export type UsdPriceTable = Readonly<Record<string, string>>;

/**
 * The USD value of `quantity` of `asset`, in cents (two places, half up): a stablecoin 1:1, any
 * other asset at its price; undefined when no price is known for it (the caller fails safe).
 */
export function usdValueOf(
  asset: string,
  quantity: string,
  prices: UsdPriceTable,
): string | undefined {
  const price = isUsdStablecoin(asset) ? '1' : prices[asset];
  return price === undefined ? undefined : multiplyDecimal(quantity, price, 2);
}

/** "112,000.00 USD": a USD value for a person (the decimal string kept exact, grouped). */
export function formatUsd(value: string): string {
  const [whole = '0', fraction] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}${fraction ? `.${fraction.padEnd(2, '0')}` : ''} USD`;
}
