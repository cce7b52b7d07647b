import { useQuery } from '@tanstack/react-query';
import { UsdPricesResponseSchema } from '#contract/usd-value';
import { apiGet } from '#web/lib/api-client';

/**
 * The USD price of one unit of `asset` as the BFF values withdrawals (GET /api/prices, the
 * service's published price, cached there for 30 s). Asked only when `enabled` (a USD rule of
 * the policy applies); `price` undefined once settled means no price could be had.
 */
export function useUsdPrice(asset: string, enabled: boolean) {
  const query = useQuery({
    queryKey: ['withdrawals', 'usd-price', asset],
    queryFn: ({ signal }) =>
      apiGet('/api/prices', UsdPricesResponseSchema, { assets: [asset] }, signal),
    enabled: enabled && asset !== '',
    staleTime: 30_000,
    retry: false,
  });
  return {
    settled: !enabled || query.isSuccess || query.isError,
    price: query.data?.prices.find((p) => p.asset === asset)?.usd_price,
  };
}
