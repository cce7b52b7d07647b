import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApprovalPolicySchema } from '#contract/approval-policy';
import { LOCAL_DEMO_APPROVAL_POLICY } from './approval-policy-config';
import { policyReadmeLines, withPolicyBlock } from './policy-readme';

// Issue 26, item 20: the README's demo-policy paragraph left out tiers GET /api/me reports.

const README = new URL('../../../README.md', import.meta.url);

describe('the README demo policy block', () => {
  it('is what the demo policy says (run `npx tsx scripts/readme-policy.ts` when this fails)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(withPolicyBlock(readme, policyReadmeLines(LOCAL_DEMO_APPROVAL_POLICY))).toBe(readme);
  });

  it('names every tier, USD tier, default tier and rolling limit of a policy', () => {
    const text = policyReadmeLines(LOCAL_DEMO_APPROVAL_POLICY).join('\n');
    for (const tier of LOCAL_DEMO_APPROVAL_POLICY.withdrawals.tiers)
      expect(text).toMatch(
        new RegExp(`${tier.above.replace(/\B(?=(\d{3})+$)/g, ',')} ${tier.asset}\\b`),
      );
    expect(text).toContain('1 approval above 50,000 USD');
    expect(text).toContain('2 approvals above 250,000 USD');
    expect(text).toContain('An asset no tier names: 1 approval above 10,000 USD');
    expect(text).toContain('more than 1 BTC goes to one destination within 24 h');
    expect(text).toContain('more than 100,000 USD');
    // The book's own destination changes wait as address changes do (the one gate).
    expect(text).toContain(
      '- Addresses: a new address, a Travel Rule change, a memo change and bringing an archived address back wait for 1 approval',
    );
    expect(text).toContain("only with the book's memo");
  });

  it('says plainly when nothing waits', () => {
    const none = ApprovalPolicySchema.parse({
      withdrawals: { require: 'never' },
      addresses: { new_addresses: false, travel_rule_changes: false },
      destinations: { allowlist: false },
    });
    expect(policyReadmeLines(none)).toEqual([
      '- Withdrawals never wait for approval.',
      '- Addresses are saved without approval.',
      '- Destinations: allowlist off.',
      '- A request expires after 24 h.',
    ]);
  });

  it('keeps the rest of the README and the block’s indentation', () => {
    const readme =
      'a\n  <!-- demo-policy:start (generated from the demo policy: npx tsx scripts/readme-policy.ts) -->\n  old\n  <!-- demo-policy:end -->\nb\n';
    expect(withPolicyBlock(readme, ['- x', '- y'])).toBe(
      'a\n  <!-- demo-policy:start (generated from the demo policy: npx tsx scripts/readme-policy.ts) -->\n  - x\n  - y\n  <!-- demo-policy:end -->\nb\n',
    );
  });
});
