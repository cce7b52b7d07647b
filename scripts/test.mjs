// `npm test`: type check, lint, unit + integration tests, then the e2e suite in Chromium.
// Ends with one line "N passed, N failed" counting every test that ran.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

const RESULTS = 'test-results';
mkdirSync(RESULTS, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(name, command, args, env = {}) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function readJson(path) {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('lint', 'npx', ['eslint', '.']);
run('format', 'npx', ['prettier', '--check', '.']);

const vitestJson = `${RESULTS}/vitest.json`;
rmSync(vitestJson, { force: true });
run('unit and integration', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
} else {
  failedSteps.push('unit and integration (no report)');
}

let chromium;
try {
  chromium = ensureChromium();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  failedSteps.push('chromium');
}
if (chromium) {
  const playwrightJson = `${RESULTS}/playwright.json`;
  rmSync(playwrightJson, { force: true });
  run('e2e', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
  const report = readJson(playwrightJson);
  if (report?.stats) {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
  } else {
    failedSteps.push('e2e (no report)');
  }
}

if (failedSteps.length > 0) console.error(`\nFailed steps: ${failedSteps.join(', ')}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
