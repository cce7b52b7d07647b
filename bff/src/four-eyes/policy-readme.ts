import {
  holdsAddressChanges,
  type ApprovalPolicy,
  type RollingLimit,
} from '#contract/approval-policy';

// The README's list of what the demo policy holds, written from the policy itself so it can never
// omit a tier that GET /api/me reports (issue 26, item 20). `npx tsx scripts/readme-policy.ts`
// rewrites the marked block; policy-readme.test.ts fails when the README is out of date.

const README_POLICY_START =
  '<!-- demo-policy:start (generated from the demo policy: npx tsx scripts/readme-policy.ts) -->';
const README_POLICY_END = '<!-- demo-policy:end -->';

/** "10000" → "10,000" (the whole part grouped; digits untouched). */
const grouped = (value: string) =>
  value.replace(/^(\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
const approvalsWord = (n: number) => `${n} approval${n === 1 ? '' : 's'}`;

function duration(minutes: number): string {
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
    .map(
      ([count, amounts]) => `- Withdrawals: ${approvalsWord(count)} above ${amounts.join(', ')}.`,
    );
}

function rollingLimitLine(limit: RollingLimit): string {
  const amount =
    limit.above_usd !== undefined
      ? `${grouped(limit.above_usd)} USD (every asset at today's price)`
      : `${grouped(limit.above ?? '')} ${limit.asset ?? ''}`;
  const scope = {
    initiator: 'by one initiator',
    destination: 'to one destination',
    console: 'across the console',
  }[limit.per];
  return `- Rolling limit: ${approvalsWord(limit.approvals)} once more than ${amount} goes ${scope} within ${duration(limit.window_minutes)} (this withdrawal included).`;
}

function withdrawalLines(policy: ApprovalPolicy): string[] {
  const w = policy.withdrawals;
  if (w.require === 'never') return ['- Withdrawals never wait for approval.'];
  if (w.require === 'always')
    return [`- Every withdrawal waits for ${approvalsWord(w.approvals)}.`];
  return [
    ...assetTierLines(policy),
    ...w.usd_tiers.map(
      (tier) =>
        `- By value: ${approvalsWord(tier.approvals)} above ${grouped(tier.above_usd)} USD, whatever the asset (USD stablecoins 1:1).`,
    ),
    ...(w.default_tier
      ? [
          `- An asset no tier names: ${approvalsWord(w.default_tier.approvals)} above ${grouped(w.default_tier.above_usd)} USD.`,
        ]
      : []),
    ...w.rolling_limits.map(rollingLimitLine),
  ];
}

/** "a, b and c". */
const listed = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');

function addressLines(policy: ApprovalPolicy): string[] {
  const a = policy.addresses;
  if (!holdsAddressChanges(policy)) return ['- Addresses are saved without approval.'];
  // A memo change and a return from the archive wait whenever address changes do.
  const held = [
    ...(a.new_addresses ? ['a new address'] : []),
    ...(a.travel_rule_changes ? ['a Travel Rule change'] : []),
    'a memo change',
    'bringing an archived address back',
  ];
  const cooling =
    a.cooling_off_minutes > 0 ? `, then ${duration(a.cooling_off_minutes)} of cooling-off` : '';
  return [
    `- Addresses: ${listed(held)} wait for ${approvalsWord(a.approvals)}${cooling}; archiving is immediate.`,
  ];
}

/** The block's lines (without its markers), in the README's two-space list indentation. */
export function policyReadmeLines(policy: ApprovalPolicy): string[] {
  return [
    ...withdrawalLines(policy),
    ...addressLines(policy),
    policy.destinations.allowlist
      ? "- Destinations: allowlist on (withdrawals only to approved destinations; to a book address on a memo network, only with the book's memo)."
      : '- Destinations: allowlist off.',
    ...(policy.approvals_require_passkey
      ? ["- Every approval and rejection is signed with the approver's passkey."]
      : []),
    `- A request expires after ${duration(policy.request_ttl_minutes)}.`,
  ];
}

/** The README with its marked block replaced by `lines` (indented as the list item it sits in). */
export function withPolicyBlock(readme: string, lines: readonly string[]): string {
  const start = readme.indexOf(README_POLICY_START);
  const end = readme.indexOf(README_POLICY_END);
  if (start === -1 || end === -1 || end < start)
    throw new Error('README.md has no demo-policy block (its start and end markers)');
  const lineStart = readme.lastIndexOf('\n', start) + 1;
  const indent = readme.slice(lineStart, start);
  const body = lines.map((line) => `${indent}${line}`).join('\n');
  return `${readme.slice(0, start)}${README_POLICY_START}\n${body}\n${indent}${readme.slice(end)}`;
}
