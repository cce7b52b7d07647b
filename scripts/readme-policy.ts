// Rewrites the demo policy's block in README.md from the policy local mode runs
// (bff/src/four-eyes/approval-policy-config.ts): `npx tsx scripts/readme-policy.ts`.
// With --check it only says whether the block is up to date (exit 1 when not).
import { readFileSync, writeFileSync } from 'node:fs';
import { LOCAL_DEMO_APPROVAL_POLICY } from '#bff/four-eyes/approval-policy-config';
import { policyReadmeLines, withPolicyBlock } from '#bff/four-eyes/policy-readme';

const path = new URL('../README.md', import.meta.url);
const readme = readFileSync(path, 'utf8');
const next = withPolicyBlock(readme, policyReadmeLines(LOCAL_DEMO_APPROVAL_POLICY));
if (process.argv.includes('--check')) {
  if (next !== readme) {
    console.error(
      'README.md: the demo policy block is out of date: npx tsx scripts/readme-policy.ts',
    );
    process.exit(1);
  }
  console.log('README.md: the demo policy block is up to date');
} else if (next === readme) {
  console.log('README.md: the demo policy block is up to date');
} else {
  writeFileSync(path, next);
  console.log('README.md: the demo policy block was rewritten');
}
