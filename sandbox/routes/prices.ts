import type { Request, Response } from 'express';
import { PUBLISHED_USD_MARKETS } from '#contract/usd-value';
import { parseQueryParams } from '../http/query-params';
import { sendProblem } from '../http/problem-response';
import { USD_PRICES } from '../state/pricing';
import type { SandboxContext } from '../state/sandbox-context';

/**
 * The markets the service publishes (contract/usd-value.ts, from its document): no SOLUSD, none
 * for USDG, PYUSD or USDC. The sandbox prices those it has a price for; the price of USDPUSD is
 * the stablecoin's 1. Asking any other market refuses the whole request (the service may), so a
 * console that asks one fails here first.
 */
const PUBLISHED = new Set(PUBLISHED_USD_MARKETS);
const PRICE_OF_MARKET: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(USD_PRICES).map(([asset, price]) => [`${asset}USD`, price])),
  USDPUSD: '1',
};

/**
 * GET /v2/all-markets/prices?markets=BTCUSD&markets=ETHUSD (no scope): the prices the sandbox's
 * own notional values use (state/pricing.ts), fixed, so yesterday's equals today's. `markets` is
 * required and repeated; a market the service does not publish is a 400.
 */
export function listPrices(ctx: SandboxContext) {
  return (req: Request, res: Response) => {
    const query = parseQueryParams(req.originalUrl);
    const unknownKeys = Object.keys(query).filter((key) => key !== 'markets');
    const raw = query.markets;
    const markets = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const bad = markets.filter((market) => !PUBLISHED.has(market));
    if (unknownKeys.length > 0 || markets.length === 0 || bad.length > 0) {
      sendProblem(res, {
        status: 400,
        title: 'Bad Request',
        detail:
          unknownKeys.length > 0
            ? `Unknown parameter: ${unknownKeys.join(', ')}`
            : markets.length === 0
              ? 'markets is required'
              : `Unknown market: ${bad.join(', ')}`,
      });
      return;
    }
    const snapshotAt = ctx.now().toISOString();
    // A published market the sandbox keeps no price for (LINKUSD) is left out of the answer.
    const priced = [...new Set(markets)].filter((market) => PRICE_OF_MARKET[market] !== undefined);
    res.json({
      items: priced.map((market) => ({
        market,
        current_price: PRICE_OF_MARKET[market],
        yesterday_price: PRICE_OF_MARKET[market],
        snapshot_at: snapshotAt,
      })),
    });
  };
}
