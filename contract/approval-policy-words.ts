import { holdsAddressChanges, type ApprovalPolicy, type RollingLimit } from './approval-policy';

// The approval policy in words, in one home: the README's demo-policy block
// (bff/src/four-eyes/policy-readme.ts) and the console's Policy page (/policy) say the same
// sentences, written from the policy itself so neither can omit a tier GET /api/me reports.

/** "10000" → "10,000" (the whole part grouped; digits untouched). */
const grouped = (value: string) =>
  value.replace(/^(\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
const approvalsWord = (n: number) => `${n} approval${n === 1 ? '' : 's'}`;

/** A window's length in words: "24 h", "7 days", "90 min". */
export function durationWords(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? '24 h' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}

/** Asset tiers, grouped by the approvals they need: "1 approval above 0.5 BTC, 10 ETH, …". */
function assetTierLines(policy: ApprovalPolicy): string[] {
  const byCount = new Map<number, string[]>();
  for (const tier of policy.withdrawals.tiers) {
    const list = byCount.get(tier.approvals) ?? [];
    list.push(`${grouped(tier.above)} ${tier.asset}`);
    byCount.set(tier.approvals, list);
  }
  return [...byCount.entries()]
    .sort(([a], [b]) => a - b)
    .map(([count, amounts]) => `Withdrawals: ${approvalsWord(count)} above ${amounts.join(', ')}.`);
}

/** A rolling limit's amount: "1 BTC" or "100,000 USD (every asset at today's price)". */
function rollingLimitAmount(limit: RollingLimit): string {
  return limit.above_usd !== undefined
    ? `${grouped(limit.above_usd)} USD (every asset at today's price)`
    : `${grouped(limit.above ?? '')} ${limit.asset ?? ''}`;
}

/** Whose withdrawals one limit adds up. */
const ROLLING_SCOPE_WORDS: Record<RollingLimit['per'], string> = {
  initiator: 'by one initiator',
  destination: 'to one destination',
  console: 'across the console',
};

/** One rolling limit in words. */
export function rollingLimitWords(limit: RollingLimit): string {
  return `Rolling limit: ${approvalsWord(limit.approvals)} once more than ${rollingLimitAmount(limit)} goes ${ROLLING_SCOPE_WORDS[limit.per]} within ${durationWords(limit.window_minutes)} (this withdrawal included).`;
}

function withdrawalLines(policy: ApprovalPolicy): string[] {
  const w = policy.withdrawals;
  if (w.require === 'never') return ['Withdrawals never wait for approval.'];
  if (w.require === 'always') return [`Every withdrawal waits for ${approvalsWord(w.approvals)}.`];
  return [
    ...assetTierLines(policy),
    ...w.usd_tiers.map(
      (tier) =>
        `By value: ${approvalsWord(tier.approvals)} above ${grouped(tier.above_usd)} USD, whatever the asset (USD stablecoins 1:1).`,
    ),
    ...(w.default_tier
      ? [
          `An asset no tier names: ${approvalsWord(w.default_tier.approvals)} above ${grouped(w.default_tier.above_usd)} USD.`,
        ]
      : []),
    ...w.rolling_limits.map(rollingLimitWords),
  ];
}

/** "a, b and c". */
const listed = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');

function addressLines(policy: ApprovalPolicy): string[] {
  const a = policy.addresses;
  if (!holdsAddressChanges(policy)) return ['Addresses are saved without approval.'];
  // A memo change and a return from the archive wait whenever address changes do.
  const held = [
    ...(a.new_addresses ? ['a new address'] : []),
    ...(a.travel_rule_changes ? ['a Travel Rule change'] : []),
    'a memo change',
    'bringing an archived address back',
  ];
  const cooling =
    a.cooling_off_minutes > 0
      ? `, then ${durationWords(a.cooling_off_minutes)} of cooling-off`
      : '';
  return [
    `Addresses: ${listed(held)} wait for ${approvalsWord(a.approvals)}${cooling}; archiving is immediate.`,
  ];
}

/** The policy in words, by subject (the Policy page's sections). */
interface PolicyWords {
  withdrawals: string[];
  addresses: string[];
  destinations: string[];
  passkeys: string[];
  requests: string[];
}

export function policyWords(policy: ApprovalPolicy): PolicyWords {
  return {
    withdrawals: withdrawalLines(policy),
    addresses: addressLines(policy),
    destinations: [
      policy.destinations.allowlist
        ? "Destinations: allowlist on (withdrawals only to approved destinations; to a book address on a memo network, only with the book's memo)."
        : 'Destinations: allowlist off.',
    ],
    passkeys: policy.approvals_require_passkey
      ? ["Every approval and rejection is signed with the approver's passkey."]
      : [],
    requests: [`A request expires after ${durationWords(policy.request_ttl_minutes)}.`],
  };
}

/** Every sentence, in the README's order. */
export function policySentences(policy: ApprovalPolicy): string[] {
  const words = policyWords(policy);
  return [
    ...words.withdrawals,
    ...words.addresses,
    ...words.destinations,
    ...words.passkeys,
    ...words.requests,
  ];
}
