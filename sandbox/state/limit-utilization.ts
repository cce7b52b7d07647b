import type { SeedLimitRule } from '../seed/seed-limits';
import { compareDecimal, subtractDecimal, sumDecimals } from './decimal-math';
import type { StoredTransfer } from './transfer-store';

/** A rule as GET /v2/transfer/limits/utilizations publishes it. */
interface LimitUtilization {
  id: string;
  rule_id: string;
  transfer_types: string[];
  period_seconds: string;
  limit: string;
  remaining: string;
  limit_asset: string;
}

/** Failed withdrawals give their funds back (TransferStore.available): they use no limit either. */
function counts(t: StoredTransfer, nowMs: number): boolean {
  return !(t.story.outcome === 'FAILED' && nowMs >= t.settlesAtMs);
}

/**
 * What is left of a rule at `now`: a per-transaction rule ("0") always has its whole limit; a
 * per-period rule, its limit less the withdrawals of its window (the notional value for a USD rule,
 * the amount for an asset's), never below zero. Withdrawals count from when they are made.
 */
export function utilization(
  rule: SeedLimitRule,
  transfers: readonly StoredTransfer[],
  now: Date,
): LimitUtilization {
  const base = {
    id: rule.id,
    rule_id: rule.rule_id,
    transfer_types: [...rule.transfer_types],
    period_seconds: rule.period_seconds,
    limit: rule.limit,
    limit_asset: rule.limit_asset,
  };
  const periodMs = Number(rule.period_seconds) * 1000;
  if (periodMs === 0 || !rule.transfer_types.includes('CRYPTO_WITHDRAWAL'))
    return { ...base, remaining: rule.limit };
  const nowMs = now.getTime();
  const used = sumDecimals(
    transfers
      .filter((t) => t.createdAtMs > nowMs - periodMs && t.createdAtMs <= nowMs)
      .filter((t) => counts(t, nowMs))
      .filter((t) => rule.limit_asset === 'USD' || t.asset === rule.limit_asset)
      .map((t) => (rule.limit_asset === 'USD' ? t.notional_value : t.amount)),
  );
  const left = subtractDecimal(rule.limit, used);
  return { ...base, remaining: compareDecimal(left, '0') < 0 ? '0' : left };
}
