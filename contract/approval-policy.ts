import { z } from 'zod';
import { compareDecimal, DecimalStringSchema } from './decimal';

// The four-eyes policy alone (zod and decimals only): /api/me carries it, so the first page loads
// it, and it must not pull the withdrawal and address schemas (and their address validators) in
// with it. contract/approvals.ts re-exports it with the requests and their history.

// ---- Policy (APPROVAL_POLICY / APPROVAL_POLICY_FILE, validated at start) ----

const ApprovalCountSchema = z.union([z.literal(1), z.literal(2)]);
export type ApprovalCount = z.infer<typeof ApprovalCountSchema>;

/** A withdrawal of more than `above` (in `asset`, amount or total) needs `approvals` people. */
export const WithdrawalTierSchema = z.strictObject({
  asset: z.string().regex(/^[A-Z0-9]{2,12}$/, 'An asset code such as BTC or USDG'),
  above: DecimalStringSchema,
  approvals: ApprovalCountSchema,
});
export type WithdrawalTier = z.infer<typeof WithdrawalTierSchema>;

export const ApprovalPolicySchema = z.strictObject({
  withdrawals: z.strictObject({
    /** never: no withdrawal waits; always: every one needs `approvals`; tiers: only above a tier. */
    require: z.enum(['never', 'always', 'tiers']),
    /** With `always`: how many distinct approvers (tiers name their own count). */
    approvals: ApprovalCountSchema.default(1),
    tiers: z.array(WithdrawalTierSchema).max(200).default([]),
  }),
  addresses: z.strictObject({
    /** A destination the address book does not hold yet waits for approval. */
    new_addresses: z.boolean(),
    /** A change of an existing destination's Travel Rule data waits for approval. */
    travel_rule_changes: z.boolean(),
    approvals: ApprovalCountSchema.default(1),
    /** Minutes after its approval before an address may receive a withdrawal (0: at once). */
    cooling_off_minutes: z.number().int().min(0).max(43_200).default(0),
  }),
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
});

/** Why a withdrawal needs approval, and how many: undefined when it needs none. */
export interface ApprovalRequirement {
  approvals: ApprovalCount;
  /** In words, for the operator: "every withdrawal", "BTC above 0.5". */
  reason: string;
}

/**
 * The one rule for "does this withdrawal wait for approval": the form shows it before submit, the
 * BFF enforces it. The highest tier the amount (or total) is above decides.
 */
export function withdrawalApprovalRequirement(
  policy: ApprovalPolicy,
  request: { asset: string; amount?: string; total?: string },
): ApprovalRequirement | undefined {
  const rule = policy.withdrawals;
  if (rule.require === 'never') return undefined;
  if (rule.require === 'always') return { approvals: rule.approvals, reason: 'every withdrawal' };
  const value = request.amount ?? request.total;
  if (value === undefined) return undefined;
  let best: WithdrawalTier | undefined;
  for (const tier of rule.tiers) {
    if (tier.asset !== request.asset || compareDecimal(value, tier.above) <= 0) continue;
    if (!best || tier.approvals > best.approvals || compareDecimal(tier.above, best.above) > 0)
      best = tier;
  }
  return best
    ? { approvals: best.approvals, reason: `${best.asset} above ${best.above}` }
    : undefined;
}
