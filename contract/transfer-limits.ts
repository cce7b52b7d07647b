import { z } from 'zod';
import { compareDecimal, DecimalStringSchema, isDecimalString } from './decimal';
import { tolerant } from './tolerant-read';
import { isUsdStablecoin } from './usd-value';

// The service's transfer limits and how much of each is left (GET /v2/transfer/limits/utilizations,
// scope transfer:read_transfer_limit; docs/upstream-contract.md). A rule with `period_seconds`
// "0" limits one transaction (its `remaining` is its `limit`); any other limits what is sent over
// that many seconds. `limit_asset` is the unit: "USD" (valued at the market price) or an asset.

export const CRYPTO_WITHDRAWAL_TRANSFER_TYPE = 'CRYPTO_WITHDRAWAL';

/** A single-transaction rule's period. */
const PER_TRANSACTION_PERIOD = '0';

/**
 * One rule. The published schema marks **no member required**: each is read when it is there, a
 * member missing (or of a type that cannot be read, e.g. money as a JSON number) is left out,
 * and the rule is still shown with what it has; never dropped.
 */
const TransferLimitObjectSchema = z.object({
  id: z.string().optional(),
  rule_id: z.string().optional(),
  transfer_types: z.array(z.string()).optional(),
  /** Seconds as a decimal string; "0": per transaction. */
  period_seconds: z.string().optional(),
  limit: DecimalStringSchema.optional(),
  remaining: DecimalStringSchema.optional(),
  limit_asset: z.string().optional(),
});
export const TransferLimitSchema = tolerant(TransferLimitObjectSchema, { nothingRequired: true });
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
  /**
   * What the rule still allows, in `limit.limit_asset`: the limit (per transaction) or what
   * remains; undefined when the service did not say.
   */
  allowed: string | undefined;
  /**
   * The withdrawal in `limit.limit_asset`; undefined when it cannot be valued (no USD price) or
   * the rule names no unit.
   */
  measured: string | undefined;
  /**
   * `unknown`: it cannot be checked here (a USD rule and no USD value, or a rule the service sent
   * without its unit or its figure): the caller says so; it never blocks on a guess.
   */
  outcome: 'within' | 'exceeds' | 'unknown';
}

interface LimitedWithdrawal {
  asset: string;
  /** A decimal string: what leaves the profile (the total, fee included, when known). */
  amount: string;
  /** Its USD value as a decimal string, when a price is known. */
  usdValue?: string | undefined;
}

/** Per transaction when the period is "0"; any other period, or none given, is per period. */
export function limitKindOf(limit: TransferLimit): LimitKind {
  const period = limit.period_seconds;
  return period !== undefined &&
    isDecimalString(period) &&
    compareDecimal(period, PER_TRANSACTION_PERIOD) === 0
    ? 'per_transaction'
    : 'per_period';
}

/** A rule naming no transfer type was read from the crypto withdrawals' list: it applies. */
function appliesToCryptoWithdrawals(limit: TransferLimit): boolean {
  const types = limit.transfer_types ?? [];
  return types.length === 0 || types.includes(CRYPTO_WITHDRAWAL_TRANSFER_TYPE);
}

/**
 * The withdrawal in the rule's unit, or undefined (no USD value, or the rule names no unit: it
 * may be this asset's), or null (the rule is for another asset).
 */
function measure(limit: TransferLimit, w: LimitedWithdrawal): string | undefined | null {
  if (limit.limit_asset === undefined) return undefined;
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
    // Per transaction, what remains is the limit (the published rule): either says it.
    const allowed = kind === 'per_transaction' ? (limit.limit ?? limit.remaining) : limit.remaining;
    const outcome =
      measured === undefined || allowed === undefined
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
