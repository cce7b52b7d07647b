import { useUsdPriceOf } from '#web/shared/usd-value/usd-price-query';

/**
 * The USD price of one unit of `asset` as the BFF values withdrawals (GET /api/prices, the
 * service's published price, cached there for 30 s). Asked only when `enabled` (a USD rule of
 * the policy applies); `price` undefined once settled means no price could be had. The cache is
 * the one the USD values on screen share (shared/usd-value).
 */
export function useUsdPrice(asset: string, enabled: boolean) {
  const usd = useUsdPriceOf(asset, enabled);
  return { settled: usd.settled, price: usd.price?.usd_price };
}
