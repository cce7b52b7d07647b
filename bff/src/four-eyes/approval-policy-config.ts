import { readFileSync } from 'node:fs';
import {
  ApprovalPolicySchema,
  NO_APPROVALS_POLICY,
  type ApprovalPolicy,
} from '#contract/approvals';

/**
 * The policy local mode runs with when none is given: every control of four eyes is on, so a new
 * user meets each on one machine (a one-approval and a two-approval tier per asset, USD tiers and
 * a default tier for the other assets, rolling limits per destination and per initiator, held new
 * addresses and Travel Rule changes, a short cooling-off, the allowlist, decisions signed with a passkey).
 */
export const LOCAL_DEMO_APPROVAL_POLICY: ApprovalPolicy = ApprovalPolicySchema.parse({
  withdrawals: {
    require: 'tiers',
    tiers: [
      { asset: 'BTC', above: '0.5', approvals: 1 },
      { asset: 'BTC', above: '5', approvals: 2 },
      { asset: 'ETH', above: '10', approvals: 1 },
      { asset: 'ETH', above: '100', approvals: 2 },
      { asset: 'USDG', above: '10000', approvals: 1 },
      { asset: 'USDG', above: '100000', approvals: 2 },
      { asset: 'USDC', above: '10000', approvals: 1 },
      { asset: 'PYUSD', above: '10000', approvals: 1 },
      { asset: 'SOL', above: '100', approvals: 1 },
    ],
    // By value whatever the asset, at the service's prices (stablecoins 1:1).
    usd_tiers: [
      { above_usd: '50000', approvals: 1 },
      { above_usd: '250000', approvals: 2 },
    ],
    // LTC, BCH, XLM...: no tier of their own, so one approval above 10,000 USD.
    default_tier: { above_usd: '10000', approvals: 1 },
    // Splitting never avoids an approval: 1 BTC a day per destination, 100,000 USD a day per initiator.
    rolling_limits: [
      { per: 'destination', asset: 'BTC', above: '1', window_minutes: 1440, approvals: 1 },
      { per: 'initiator', above_usd: '100000', window_minutes: 1440, approvals: 1 },
    ],
  },
  addresses: {
    new_addresses: true,
    travel_rule_changes: true,
    approvals: 1,
    cooling_off_minutes: 1,
  },
  // Withdrawals only to approved destinations: the book, out of its cooling-off, or the service's.
  destinations: { allowlist: true },
  // Every decision signed with the approver's own passkey (local operators enrol in one click).
  approvals_require_passkey: true,
  request_ttl_minutes: 24 * 60,
});

/** A policy text that cannot be used: the message names what is wrong (one line). */
export class ApprovalPolicyError extends Error {}

/** `none` (nothing needs approval) or the policy as JSON, checked against ApprovalPolicySchema. */
export function parseApprovalPolicy(text: string): ApprovalPolicy {
  const trimmed = text.trim();
  if (trimmed === 'none') return NO_APPROVALS_POLICY;
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    throw new ApprovalPolicyError('is not JSON (or "none")');
  }
  const parsed = ApprovalPolicySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new ApprovalPolicyError(`is not a valid policy${at}: ${issue.message}`);
  }
  return parsed.data;
}

/** Reads the policy file; an unreadable file is an ApprovalPolicyError too. */
export function readApprovalPolicyFile(path: string): ApprovalPolicy {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ApprovalPolicyError(
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  return parseApprovalPolicy(text);
}
