import type { ApprovalRequirement, RollingLimit } from '#contract/approvals';
import { addDecimal, compareDecimal, formatDecimal, sumDecimals } from '#contract/decimal';
import { formatUsd, usdValueOf, type UsdPriceTable } from '#contract/usd-value';
import type { WindowQuery, WindowUsage } from '#bff/store/withdrawal-window-port';

// The policy's cumulative limits: a withdrawal that takes its window (what was sent or held in
// the last window_minutes, per initiator, per destination or across the console) above the limit
// waits, so splitting one withdrawal in parts never avoids an approval. Pure: the window's sums
// come from the store (sql-withdrawal-window.ts), read under the lock the decision is taken in.

/** The windows the limits read (one per scope and length). */
export function windowsOf(limits: readonly RollingLimit[]): WindowQuery[] {
  const seen = new Map<string, WindowQuery>();
  for (const limit of limits)
    seen.set(`${limit.per}:${limit.window_minutes}`, {
      per: limit.per,
      minutes: limit.window_minutes,
    });
  return [...seen.values()];
}

const SCOPE_WORDS: Record<RollingLimit['per'], string> = {
  initiator: 'by this initiator',
  destination: 'to this destination',
  console: 'from the console',
};

function windowWords(minutes: number): string {
  return minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;
}

/** The withdrawal being judged: its asset and its amount (or total). */
interface JudgedWithdrawal {
  asset: string;
  quantity: string;
}

/** Whether one limit holds this withdrawal, given what its window holds already. */
function limitRequirement(
  limit: RollingLimit,
  sums: Readonly<Record<string, string>>,
  withdrawal: JudgedWithdrawal,
  prices: UsdPriceTable,
): ApprovalRequirement | undefined {
  const where = `${SCOPE_WORDS[limit.per]} within ${windowWords(limit.window_minutes)}`;
  if (limit.above_usd === undefined) {
    // A limit in one asset: a withdrawal of another asset adds nothing to it.
    if (limit.asset !== withdrawal.asset || limit.above === undefined) return undefined;
    const total = addDecimal(sums[limit.asset] ?? '0', withdrawal.quantity);
    return compareDecimal(total, limit.above) > 0
      ? {
          approvals: limit.approvals,
          reason: `rolling limit: ${total} ${limit.asset} ${where} (this one included), above ${limit.above} ${limit.asset}`,
        }
      : undefined;
  }
  const parts = [...Object.entries(sums), [withdrawal.asset, withdrawal.quantity] as const];
  const values = parts.map(([asset, quantity]) => usdValueOf(asset, quantity, prices));
  const unpriced = parts.filter((_, i) => values[i] === undefined).map(([asset]) => asset);
  if (unpriced.length > 0)
    // Fail safe: a USD limit that cannot be valued holds the withdrawal.
    return {
      approvals: limit.approvals,
      reason: `rolling limit of ${formatUsd(limit.above_usd)} ${where}: held, no USD price for ${[...new Set(unpriced)].join(', ')}`,
    };
  const total = sumDecimals(values as string[]);
  return compareDecimal(total, limit.above_usd) > 0
    ? {
        approvals: limit.approvals,
        reason: `rolling limit: ${formatUsd(formatDecimal(total, 2))} ${where} (this one included), above ${formatUsd(limit.above_usd)}`,
      }
    : undefined;
}

/**
 * The strongest requirement of the limits this withdrawal would break (more approvals first; on a
 * tie the first limit listed), or undefined when it stays within every one.
 */
export function rollingLimitRequirement(
  limits: readonly RollingLimit[],
  usage: readonly WindowUsage[],
  withdrawal: JudgedWithdrawal,
  prices: UsdPriceTable,
): ApprovalRequirement | undefined {
  let strongest: ApprovalRequirement | undefined;
  for (const limit of limits) {
    const window = usage.find((u) => u.per === limit.per && u.minutes === limit.window_minutes);
    const requirement = limitRequirement(limit, window?.sums ?? {}, withdrawal, prices);
    if (requirement && (!strongest || requirement.approvals > strongest.approvals))
      strongest = requirement;
  }
  return strongest;
}
