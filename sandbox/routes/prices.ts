import type { Request, Response } from 'express';
import { parseQueryParams } from '../http/query-params';
import { sendProblem } from '../http/problem-response';
import { USD_PRICES } from '../state/pricing';
import type { SandboxContext } from '../state/sandbox-context';

// The service publishes no market for its own USD stablecoins: a console values them 1:1.
const UNPUBLISHED = new Set(['USDG', 'PYUSD', 'USDC']);

/** The published markets: `<ASSET>USD` for every priced asset but the stablecoins above. */
const PUBLISHED_MARKETS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(USD_PRICES)
    .filter(([asset]) => !UNPUBLISHED.has(asset))
    .map(([asset, price]) => [`${asset}USD`, price]),
);

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
    const bad = markets.filter((market) => PUBLISHED_MARKETS[market] === undefined);
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
    res.json({
      items: [...new Set(markets)].map((market) => ({
        market,
        current_price: PUBLISHED_MARKETS[market],
        yesterday_price: PUBLISHED_MARKETS[market],
        snapshot_at: snapshotAt,
      })),
    });
  };
}
