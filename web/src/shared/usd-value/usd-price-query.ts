import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { isUsdStablecoin, UsdPricesResponseSchema, type UsdPrice } from '#contract/usd-value';
import { apiGet } from '#web/lib/api-client';

const usdPriceKeys = {
  all: ['usd-price'] as const,
  of: (asset: string) => [...usdPriceKeys.all, asset] as const,
};

/**
 * The USD price of one unit of `asset` as the BFF values withdrawals (GET /api/prices: the
 * service's published price, cached there briefly; a stablecoin 1:1 by rule). One cache entry per
 * asset, shared by the form, the review, the approval page and the ledger; skipped without one.
 */
const usdPriceQuery = (asset: string) =>
  queryOptions({
    queryKey: usdPriceKeys.of(asset),
    queryFn:
      asset === ''
        ? skipToken
        : async ({ signal }): Promise<UsdPrice | null> => {
            const answer = await apiGet(
              '/api/prices',
              UsdPricesResponseSchema,
              { assets: [asset] },
              signal,
            );
            // An asset the service cannot price is left out of the answer: null, "no USD price".
            return answer.prices.find((p) => p.asset === asset) ?? null;
          },
    staleTime: 30_000,
    retry: false,
  });

/** The price of `asset` (a stablecoin needs no request); `price` undefined once settled: none. */
export function useUsdPriceOf(asset: string, enabled = true) {
  const stable = isUsdStablecoin(asset);
  const query = useQuery({ ...usdPriceQuery(asset), enabled: enabled && !stable });
  if (stable) return { settled: true, price: { asset, usd_price: '1' } satisfies UsdPrice };
  return {
    settled: !enabled || query.isSuccess || query.isError,
    price: query.data ?? undefined,
  };
}
