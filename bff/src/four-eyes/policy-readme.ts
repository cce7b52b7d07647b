import type { ApprovalPolicy } from '#contract/approval-policy';
import { policySentences } from '#contract/approval-policy-words';

// The README's list of what the demo policy holds, written from the policy itself so it can never
// omit a tier that GET /api/me reports (issue 26, item 20). The sentences live in
// contract/approval-policy-words.ts: the console's Policy page says the same. `npx tsx scripts/readme-policy.ts`
// rewrites the marked block; policy-readme.test.ts fails when the README is out of date.

const README_POLICY_START =
  '<!-- demo-policy:start (generated from the demo policy: npx tsx scripts/readme-policy.ts) -->';
const README_POLICY_END = '<!-- demo-policy:end -->';

/** The block's lines (without its markers), in the README's two-space list indentation. */
export function policyReadmeLines(policy: ApprovalPolicy): string[] {
  return policySentences(policy).map((sentence) => `- ${sentence}`);
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
