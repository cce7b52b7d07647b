import { readFileSync } from 'node:fs';
import {
  ApprovalPolicySchema,
  NO_APPROVALS_POLICY,
  type ApprovalPolicy,
} from '#contract/approvals';

/**
 * The policy local mode runs with when none is given: every path of four eyes can be tried on
 * one machine (a one-approval and a two-approval tier per asset, held new addresses and Travel
 * Rule changes, a short cooling-off).
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
  },
  addresses: {
    new_addresses: true,
    travel_rule_changes: true,
    approvals: 1,
    cooling_off_minutes: 1,
  },
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
