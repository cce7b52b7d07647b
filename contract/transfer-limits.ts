import { z } from 'zod';
import { compareDecimal, DecimalStringSchema, isDecimalString } from './decimal';
import { isUsdStablecoin } from './usd-value';

// The service's transfer limits and how much of each is left (GET /v2/transfer/limits/utilizations,
// scope transfer:read_transfer_limit; docs/upstream-contract.md). A rule with `period_seconds`
// "0" limits one transaction (its `remaining` is its `limit`); any other limits what is sent over
// that many seconds. `limit_asset` is the unit: "USD" (valued at the market price) or an asset.

export const CRYPTO_WITHDRAWAL_TRANSFER_TYPE = 'CRYPTO_WITHDRAWAL';

/** A single-transaction rule's period. */
const PER_TRANSACTION_PERIOD = '0';

export const TransferLimitSchema = z.object({
  id: z.string().optional(),
  rule_id: z.string(),
  transfer_types: z.array(z.string()),
  /** Seconds as a decimal string; "0": per transaction. */
  period_seconds: z.string(),
  limit: DecimalStringSchema,
  remaining: DecimalStringSchema,
  limit_asset: z.string(),
});
export type TransferLimit = z.infer<typeof TransferLimitSchema>;

/** GET /api/withdrawal-limits: every crypto withdrawal rule; `read_at`: when the BFF read them. */
export const WithdrawalLimitsResponseSchema = z.object({
  items: z.array(TransferLimitSchema),
  read_at: z.iso.datetime(),
});
export type WithdrawalLimitsResponse = z.infer<typeof WithdrawalLimitsResponseSchema>;

type LimitKind = 'per_transaction' | 'per_period';

/** One rule measured against one withdrawal. */
export interface LimitCheck {
  limit: TransferLimit;
  kind: LimitKind;
  /** What the rule still allows, in `limit.limit_asset`: the limit (per transaction) or what remains. */
  allowed: string;
  /** The withdrawal in `limit.limit_asset`; undefined when it cannot be valued (no USD price). */
  measured: string | undefined;
  /** `unknown`: a USD rule and no USD value (the caller says so; it never blocks on a guess). */
  outcome: 'within' | 'exceeds' | 'unknown';
}

interface LimitedWithdrawal {
  asset: string;
  /** A decimal string: what leaves the profile (the total, fee included, when known). */
  amount: string;
  /** Its USD value as a decimal string, when a price is known. */
  usdValue?: string | undefined;
}

export function limitKindOf(limit: TransferLimit): LimitKind {
  const period = limit.period_seconds;
  return isDecimalString(period) && compareDecimal(period, PER_TRANSACTION_PERIOD) === 0
    ? 'per_transaction'
    : 'per_period';
}

function appliesToCryptoWithdrawals(limit: TransferLimit): boolean {
  return (
    limit.transfer_types.length === 0 ||
    limit.transfer_types.includes(CRYPTO_WITHDRAWAL_TRANSFER_TYPE)
  );
}

/** The withdrawal in the rule's unit, or undefined (no USD value), or null (the rule is for another asset). */
function measure(limit: TransferLimit, w: LimitedWithdrawal): string | undefined | null {
  if (limit.limit_asset === w.asset) return w.amount;
  if (limit.limit_asset !== 'USD') return null;
  return isUsdStablecoin(w.asset) ? w.amount : w.usdValue;
}

/**
 * Every crypto withdrawal rule that applies to this withdrawal (its asset's, and the USD ones),
 * measured: per transaction against the limit, per period against what remains. Decimal math only.
 */
export function checkWithdrawalLimits(
  limits: readonly TransferLimit[],
  withdrawal: LimitedWithdrawal,
): LimitCheck[] {
  const checks: LimitCheck[] = [];
  for (const limit of limits) {
    if (!appliesToCryptoWithdrawals(limit)) continue;
    const measured = measure(limit, withdrawal);
    if (measured === null) continue;
    const kind = limitKindOf(limit);
    const allowed = kind === 'per_transaction' ? limit.limit : limit.remaining;
    const outcome =
      measured === undefined
        ? 'unknown'
        : compareDecimal(measured, allowed) > 0
          ? 'exceeds'
          : 'within';
    checks.push({ limit, kind, allowed, measured, outcome });
  }
  return checks;
}

/** The first rule the withdrawal would exceed (per transaction first), or undefined. */
export function exceededWithdrawalLimit(
  limits: readonly TransferLimit[],
  withdrawal: LimitedWithdrawal,
): LimitCheck | undefined {
  const exceeded = checkWithdrawalLimits(limits, withdrawal).filter((c) => c.outcome === 'exceeds');
  return exceeded.find((c) => c.kind === 'per_transaction') ?? exceeded[0];
}
