import type { PersonIdentity } from '#contract/identity';
import type { ApprovalPolicy, RollingLimit } from '#contract/approval-policy';
import { compareDecimal, formatDecimal, sumDecimals } from '#contract/decimal';
import type { RollingLimitUsage, WindowUse } from '#contract/policy-usage';
import { usdValueOf, type UsdPriceTable } from '#contract/usd-value';
import type { UsdPriceReader } from '#bff/upstream/usd-price-reader';
import type { WindowUsageReader } from '#bff/store/window-usage-port';

/** Destinations listed per limit: the page shows the busiest, not the whole book. */
const DESTINATIONS_SHOWN = 10;
/** Destinations read per window before the busiest are chosen (most recently used first). */
const DESTINATIONS_READ = 200;

/** What one scope's sums come to in the limit's unit (the gate's own arithmetic). */
function useOf(
  limit: RollingLimit,
  sums: Record<string, string>,
  prices: UsdPriceTable,
): WindowUse {
  if (limit.above_usd === undefined) return { used: sums[limit.asset ?? ''] ?? '0', unpriced: [] };
  const entries = Object.entries(sums);
  const values = entries.map(([asset, quantity]) => usdValueOf(asset, quantity, prices));
  const unpriced = entries.filter((_, i) => values[i] === undefined).map(([asset]) => asset);
  if (unpriced.length > 0) return { unpriced };
  return { used: formatDecimal(sumDecimals(values as string[]), 2), unpriced: [] };
}

const splitDestination = (key: string) => {
  const at = key.indexOf(':');
  return { crypto_network: key.slice(0, at), address: key.slice(at + 1) };
};

/** Most used first; one that cannot be valued (a USD limit then holds) before any. */
function mostUsedFirst(a: WindowUse, b: WindowUse): number {
  if (a.used === undefined || b.used === undefined)
    return (a.used === undefined ? 0 : 1) - (b.used === undefined ? 0 : 1);
  return compareDecimal(b.used, a.used);
}

/**
 * Each rolling limit's window now: this operator's for a limit per initiator, everyone's for a
 * limit across the console, and the busiest destinations for a limit per destination.
 */
export async function policyUsage(deps: {
  policy: ApprovalPolicy;
  windows: WindowUsageReader;
  prices: UsdPriceReader;
  /** The operator, counted as the gate counts initiators (one person however spelled). */
  initiator: PersonIdentity;
}): Promise<RollingLimitUsage[]> {
  const { policy, windows } = deps;
  const limits = policy.withdrawals.require === 'tiers' ? policy.withdrawals.rolling_limits : [];
  const reads = await Promise.all(
    limits.map(async (limit) =>
      limit.per === 'destination'
        ? {
            limit,
            destinations: await windows.byDestination(limit.window_minutes, DESTINATIONS_READ),
          }
        : {
            limit,
            sums: await windows.sums(
              limit.window_minutes,
              limit.per === 'initiator' ? deps.initiator : undefined,
            ),
          },
    ),
  );
  const assets = new Set<string>();
  for (const read of reads)
    if (read.limit.above_usd !== undefined)
      for (const sums of read.sums ? [read.sums] : read.destinations.map((d) => d.sums))
        for (const asset of Object.keys(sums)) assets.add(asset);
  const prices = assets.size > 0 ? await deps.prices.prices([...assets]) : {};
  return reads.map((read, index) => {
    const { limit } = read;
    const base = {
      index,
      per: limit.per,
      window_minutes: limit.window_minutes,
      unit: limit.above_usd !== undefined ? 'USD' : (limit.asset ?? ''),
      above: limit.above_usd ?? limit.above ?? '0',
    };
    if (read.sums) return { ...base, window: useOf(limit, read.sums, prices) };
    const destinations = read.destinations
      .map((d) => ({ ...splitDestination(d.destination), ...useOf(limit, d.sums, prices) }))
      // A limit in one asset: a destination that received none of it is not near it.
      .filter((d) => d.used === undefined || d.used !== '0')
      .sort(mostUsedFirst)
      .slice(0, DESTINATIONS_SHOWN);
    return { ...base, destinations };
  });
}
