import { z } from 'zod';
import { compareDecimal, DecimalStringSchema } from './decimal';
import { formatUsd } from './usd-value';

// The four-eyes policy alone (zod and decimals only): /api/me carries it, so the first page loads
// it, and it must not pull the withdrawal and address schemas (and their address validators) in
// with it. contract/approvals.ts re-exports it with the requests and their history.

// ---- Policy (APPROVAL_POLICY / APPROVAL_POLICY_FILE, validated at start) ----

const ApprovalCountSchema = z.union([z.literal(1), z.literal(2)]);
type ApprovalCount = z.infer<typeof ApprovalCountSchema>;

/** A withdrawal of more than `above` (in `asset`, amount or total) needs `approvals` people. */
const WithdrawalTierSchema = z.strictObject({
  asset: z.string().regex(/^[A-Z0-9]{2,12}$/, 'An asset code such as BTC or USDG'),
  above: DecimalStringSchema,
  approvals: ApprovalCountSchema,
});
type WithdrawalTier = z.infer<typeof WithdrawalTierSchema>;

/** A withdrawal worth more than `above_usd` US dollars (any asset) needs `approvals` people. */
const UsdTierSchema = z.strictObject({
  above_usd: DecimalStringSchema,
  approvals: ApprovalCountSchema,
});
type UsdTier = z.infer<typeof UsdTierSchema>;

/**
 * The rule for an asset no asset tier names: it waits for `approvals` when worth more than
 * `above_usd` (default 0: every withdrawal of such an asset waits).
 */
const DefaultTierSchema = z.strictObject({
  above_usd: DecimalStringSchema.default('0'),
  approvals: ApprovalCountSchema,
});

/**
 * A cumulative limit over a rolling window: a withdrawal that takes what was sent or held in the
 * last `window_minutes` (per initiator, per destination, or across the console) above the limit
 * waits for `approvals`. The limit is in one asset (`asset` and `above`) or in US dollars
 * (`above_usd`, every asset valued at today's price).
 */
const RollingLimitSchema = z
  .strictObject({
    per: z.enum(['initiator', 'destination', 'console']),
    asset: z
      .string()
      .regex(/^[A-Z0-9]{2,12}$/, 'An asset code such as BTC or USDG')
      .optional(),
    above: DecimalStringSchema.optional(),
    above_usd: DecimalStringSchema.optional(),
    window_minutes: z.number().int().min(1).max(43_200),
    approvals: ApprovalCountSchema,
  })
  .refine(
    (limit) =>
      limit.above_usd !== undefined
        ? limit.asset === undefined && limit.above === undefined
        : limit.asset !== undefined && limit.above !== undefined,
    'A limit is either `asset` with `above`, or `above_usd`',
  );
export type RollingLimit = z.infer<typeof RollingLimitSchema>;

export const ApprovalPolicySchema = z.strictObject({
  withdrawals: z
    .strictObject({
      /** never: no withdrawal waits; always: every one needs `approvals`; tiers: only above a tier. */
      require: z.enum(['never', 'always', 'tiers']),
      /** With `always`: how many distinct approvers (tiers name their own count). */
      approvals: ApprovalCountSchema.default(1),
      tiers: z.array(WithdrawalTierSchema).max(200).default([]),
      /** With `tiers`: tiers by USD value, whatever the asset (usd-value.ts values it). */
      usd_tiers: z.array(UsdTierSchema).max(20).default([]),
      /** With `tiers`: the rule for an asset no asset tier names (absent: such an asset never waits). */
      default_tier: DefaultTierSchema.optional(),
      /** With `tiers`: cumulative limits, so a withdrawal split in parts waits as the whole would. */
      rolling_limits: z.array(RollingLimitSchema).max(20).default([]),
    })
    .refine(
      (rule) =>
        rule.require === 'tiers' ||
        (rule.usd_tiers.length === 0 &&
          rule.default_tier === undefined &&
          rule.rolling_limits.length === 0),
      'usd_tiers, default_tier and rolling_limits need require: "tiers"',
    ),
  addresses: z.strictObject({
    /** A destination the address book does not hold yet waits for approval. */
    new_addresses: z.boolean(),
    /** A change of an existing destination's Travel Rule data waits for approval. */
    travel_rule_changes: z.boolean(),
    // With either on, a change of the book's memo and bringing back an archived address wait
    // too (holdsAddressChanges).
    approvals: ApprovalCountSchema.default(1),
    /** Minutes after its approval before an address may receive a withdrawal (0: at once). */
    cooling_off_minutes: z.number().int().min(0).max(43_200).default(0),
  }),
  /**
   * Where withdrawals may go. `allowlist`: only to approved destinations (the console's address
   * book out of its cooling-off, with the memo the book keeps for it on a memo network, or an
   * address the service itself holds); anything else is refused with an offer to save it for
   * approval. On unless the policy turns it off (secure by default: a policy written before this
   * control parses with it on). A destination an address approver rejected, or one the book
   * holds only archived, is refused whatever this says.
   */
  destinations: z
    .strictObject({ allowlist: z.boolean().default(true) })
    .default({ allowlist: true }),
  /**
   * Whether every approval and rejection must be signed with the approver's own passkey
   * (WebAuthn, over the request and what the decision does). Off when the policy does not say.
   */
  approvals_require_passkey: z.boolean().default(false),
  /** How long a request may wait for its approvals before it expires (default 24 h). */
  request_ttl_minutes: z
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 60)
    .default(24 * 60),
});
export type ApprovalPolicy = z.infer<typeof ApprovalPolicySchema>;

/** No approvals at all (what a policy of "nothing needs approval" parses to). */
export const NO_APPROVALS_POLICY: ApprovalPolicy = ApprovalPolicySchema.parse({
  withdrawals: { require: 'never' },
  addresses: { new_addresses: false, travel_rule_changes: false },
  destinations: { allowlist: false },
});

/**
 * Whether the policy holds changes of a destination at all (new addresses or Travel Rule
 * changes). A change of the book's destination memo, and bringing an archived address back into
 * use, wait for approval whenever it does: each makes a destination nobody approved (the address
 * and memo together say who is credited; an archived address is out of use).
 */
export function holdsAddressChanges(policy: ApprovalPolicy): boolean {
  return policy.addresses.new_addresses || policy.addresses.travel_rule_changes;
}

/** Why a withdrawal needs approval, and how many: undefined when it needs none. */
export interface ApprovalRequirement {
  approvals: ApprovalCount;
  /** In words, for the operator, naming the rule: "every withdrawal", "BTC above 0.5". */
  reason: string;
  /** The withdrawal's worth in US dollars, when a USD rule asked it and a price was known. */
  usd_value?: string;
}

/** The amount (or total) a tier compares: what the withdrawal moves, in its asset. */
export function withdrawalQuantity(request: { amount?: string; total?: string }) {
  return request.amount ?? request.total;
}

/** Whether the policy's per-withdrawal rules ask this asset's USD value (usd-value.ts gives it). */
export function needsUsdValue(policy: ApprovalPolicy, asset: string): boolean {
  const rule = policy.withdrawals;
  if (rule.require !== 'tiers') return false;
  if (rule.usd_tiers.length > 0) return true;
  const fallback = defaultTierFor(policy, asset);
  return fallback !== undefined && compareDecimal(fallback.above_usd, '0') > 0;
}

/** The default tier when it applies to this asset (no asset tier names it). */
function defaultTierFor(policy: ApprovalPolicy, asset: string) {
  const rule = policy.withdrawals;
  return rule.tiers.some((tier) => tier.asset === asset) ? undefined : rule.default_tier;
}

/** The stronger of two requirements (more approvals; on a tie the first, the more specific). */
export function strongerRequirement(
  a: ApprovalRequirement | undefined,
  b: ApprovalRequirement | undefined,
): ApprovalRequirement | undefined {
  if (!a || !b) return a ?? b;
  return b.approvals > a.approvals ? b : a;
}

/**
 * The one rule for "does this withdrawal wait for approval": the form shows it before submit, the
 * BFF enforces it. The highest asset tier the amount (or total) is above, the highest USD tier
 * its worth is above, and the default tier for an asset no tier names: the one asking the most
 * approvals decides. `usdValue` is the withdrawal's worth (usd-value.ts); undefined when it could
 * not be valued (no price, prices unreadable): a USD rule then fails safe and holds it.
 * Cumulative limits (rolling_limits) need the ledger: the BFF's gate adds them.
 */
export function withdrawalApprovalRequirement(
  policy: ApprovalPolicy,
  request: { asset: string; amount?: string; total?: string },
  usdValue?: string,
  /**
   * The worth of this asset alone, for its default tier, when `usdValue` is more (a batch's
   * whole value: issue 42 item 8, "LTC has no tier of its own" is judged by LTC's rows).
   */
  assetUsdValue: string | undefined = usdValue,
): ApprovalRequirement | undefined {
  const rule = policy.withdrawals;
  if (rule.require === 'never') return undefined;
  if (rule.require === 'always') return { approvals: rule.approvals, reason: 'every withdrawal' };
  const value = withdrawalQuantity(request);
  if (value === undefined) return undefined;
  let best: WithdrawalTier | undefined;
  for (const tier of rule.tiers) {
    if (tier.asset !== request.asset || compareDecimal(value, tier.above) <= 0) continue;
    if (!best || tier.approvals > best.approvals || compareDecimal(tier.above, best.above) > 0)
      best = tier;
  }
  const byAsset: ApprovalRequirement | undefined = best
    ? { approvals: best.approvals, reason: `${best.asset} above ${best.above}` }
    : undefined;
  const byValue = strongerRequirement(
    usdTierRequirement(rule.usd_tiers, usdValue),
    defaultTierRequirement(policy, request.asset, assetUsdValue),
  );
  const decided = strongerRequirement(byAsset, byValue);
  return decided && usdValue !== undefined && needsUsdValue(policy, request.asset)
    ? { ...decided, usd_value: usdValue }
    : decided;
}

/** The highest USD tier the worth is above; every USD tier's count when it is unknown. */
function usdTierRequirement(
  tiers: readonly UsdTier[],
  usdValue: string | undefined,
): ApprovalRequirement | undefined {
  if (tiers.length === 0) return undefined;
  if (usdValue === undefined) {
    const approvals = tiers.some((tier) => tier.approvals === 2) ? 2 : 1;
    return { approvals, reason: 'USD value unknown (no price): held by the USD tiers' };
  }
  let best: UsdTier | undefined;
  for (const tier of tiers) {
    if (compareDecimal(usdValue, tier.above_usd) <= 0) continue;
    if (!best || tier.approvals > best.approvals) best = tier;
  }
  return best
    ? {
        approvals: best.approvals,
        reason: `worth ${formatUsd(usdValue)}, above ${formatUsd(best.above_usd)}`,
      }
    : undefined;
}

/** The default tier, for an asset no asset tier names. */
function defaultTierRequirement(
  policy: ApprovalPolicy,
  asset: string,
  usdValue: string | undefined,
): ApprovalRequirement | undefined {
  const fallback = defaultTierFor(policy, asset);
  if (!fallback) return undefined;
  const named = `${asset} has no tier of its own`;
  if (compareDecimal(fallback.above_usd, '0') <= 0)
    return { approvals: fallback.approvals, reason: `${named}: every withdrawal` };
  if (usdValue === undefined)
    return { approvals: fallback.approvals, reason: `${named} and its USD value is unknown` };
  return compareDecimal(usdValue, fallback.above_usd) > 0
    ? {
        approvals: fallback.approvals,
        reason: `${named}: worth ${formatUsd(usdValue)}, above ${formatUsd(fallback.above_usd)}`,
      }
    : undefined;
}
