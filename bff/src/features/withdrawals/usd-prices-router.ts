import { Router } from 'express';
import { fieldErrorsFromZod } from '#contract/problem';
import { UsdPricesQuerySchema, type UsdPricesResponse } from '#contract/usd-value';
import { READ_LEDGER_ROLES, requireRole } from '#bff/auth/require-role';
import { badRequest } from '#bff/http/http-problem';
import type { UsdPriceReader } from '#bff/upstream/usd-price-reader';

/**
 * GET /api/prices?assets=BTC&assets=LTC (every role that reads the ledger): the USD prices the
 * four-eyes gate values withdrawals at (the same cached reader), so the form's review shows the
 * USD value and the tier it crosses before submit. An asset without a price is left out.
 */
export function createUsdPricesRouter(deps: { usdPrices: UsdPriceReader }): Router {
  const router = Router();
  router.get('/prices', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const query = UsdPricesQuerySchema.safeParse(req.query);
    if (!query.success)
      throw badRequest('The price query is not valid.', fieldErrorsFromZod(query.error));
    const answer: UsdPricesResponse = { prices: await deps.usdPrices.quotes(query.data.assets) };
    res.json(answer);
  });
  return router;
}
