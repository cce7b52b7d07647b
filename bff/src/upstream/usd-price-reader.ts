import {
  isUsdStablecoin,
  MarketPricesResponseSchema,
  usdMarketOf,
  type UsdPrice,
  type UsdPriceTable,
} from '#contract/usd-value';
import { isPositiveDecimal } from '#contract/decimal';
import type { Logger } from '../logger';
import type { UpstreamClient } from './upstream-client';
import { callUpstreamJson } from './upstream-json';

/** Prices move; a short cache spares the service one read per withdrawal and per form. */
const USD_PRICE_CACHE_MS = 30_000;
/** An asset the service has no market for (or a failed read) is asked again after this long. */
const MISS_CACHE_MS = 5_000;

export interface UsdPriceReader {
  /**
   * The USD price of one unit of each asset it could read: a stablecoin is 1 by rule, an asset
   * without a published market (never asked: contract/usd-value.ts PUBLISHED_USD_MARKETS) or
   * whose read failed is left out (the caller fails safe). Never throws.
   */
  prices(assets: readonly string[]): Promise<UsdPriceTable>;
  /** The same, with when the service took each price (GET /api/prices). */
  quotes(assets: readonly string[]): Promise<UsdPrice[]>;
}

type Entry = { at: number; quote: Promise<UsdPrice | undefined> };

/** One read of the published prices of these markets, by market (a zero price left out). */
async function readMarkets(
  upstream: UpstreamClient,
  markets: readonly string[],
): Promise<Map<string, UsdPrice>> {
  const query = new URLSearchParams(markets.map((market) => ['markets', market])).toString();
  const answer = await callUpstreamJson(
    upstream,
    'listPrices',
    { query },
    MarketPricesResponseSchema,
  );
  const byMarket = new Map<string, UsdPrice>();
  for (const item of answer.items) {
    // A zero price is no price: valued at it, a withdrawal would be worth 0 USD.
    if (!isPositiveDecimal(item.current_price)) continue;
    byMarket.set(item.market, {
      asset: item.market.slice(0, -3),
      usd_price: item.current_price,
      ...(item.snapshot_at ? { snapshot_at: item.snapshot_at } : {}),
    });
  }
  return byMarket;
}

/** Markets asked together; when the service refuses the set, each alone. */
async function loadPrices(
  upstream: UpstreamClient,
  assets: string[],
): Promise<Map<string, UsdPrice>> {
  const markets = assets.map((asset) => usdMarketOf(asset)!);
  try {
    return await readMarkets(upstream, markets);
  } catch (error) {
    if (markets.length === 1) throw error;
    // One unpublished market refuses the whole set: ask each alone.
    const found = new Map<string, UsdPrice>();
    for (const market of markets) {
      const one = await readMarkets(upstream, [market]).catch(() => undefined);
      const quote = one?.get(market);
      if (quote) found.set(market, quote);
    }
    return found;
  }
}

/**
 * The service's published prices (GET /v2/all-markets/prices, no scope), per asset, cached for
 * 30 s with single flight. Markets are asked together; when the service refuses the set (one
 * market it does not publish makes the whole read a 400), each is asked alone.
 */
export function createUsdPriceReader(options: {
  upstream: UpstreamClient;
  logger: Logger;
  now?: () => number;
}): UsdPriceReader {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  async function quotes(assets: readonly string[]): Promise<UsdPrice[]> {
    const wanted = [...new Set(assets)];
    const missing = wanted.filter((asset) => {
      if (usdMarketOf(asset) === undefined) return false;
      const hit = entries.get(asset);
      return !hit || now() - hit.at >= USD_PRICE_CACHE_MS;
    });
    if (missing.length > 0) {
      const read = loadPrices(options.upstream, missing);
      for (const asset of missing) {
        const quote = read.then(
          (found) => found.get(`${asset}USD`),
          (error: unknown) => {
            options.logger.warn({ asset, err: error }, 'the USD price could not be read');
            return undefined;
          },
        );
        const entry = { at: now(), quote };
        entries.set(asset, entry);
        // A miss is kept only briefly: the next withdrawal asks again soon.
        void quote.then((found) => {
          if (!found && entries.get(asset) === entry)
            entry.at = now() - USD_PRICE_CACHE_MS + MISS_CACHE_MS;
        });
      }
    }
    // A stablecoin is 1 by rule; an asset without a published market is never asked (SOL): no
    // USD price, and the caller fails safe.
    const answers = await Promise.all(
      wanted.map(async (asset): Promise<UsdPrice | undefined> =>
        isUsdStablecoin(asset)
          ? { asset, usd_price: '1' }
          : usdMarketOf(asset) === undefined
            ? undefined
            : entries.get(asset)?.quote,
      ),
    );
    return answers.filter((quote): quote is UsdPrice => quote !== undefined);
  }

  return {
    quotes,
    async prices(assets) {
      return Object.fromEntries((await quotes(assets)).map((q) => [q.asset, q.usd_price]));
    },
  };
}
