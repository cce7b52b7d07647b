// `npm test`: type check, lint, unit + integration tests, then the e2e suite in Chromium.
// Ends with one line "N passed, N failed" counting every test that ran.
import { spawn, spawnSync } from 'node:child_process';
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

/** `run`, without waiting: its output goes straight through as it comes. */
function runAsync(name, command, args) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', () => resolve(false));
    child.on('close', (status) => {
      if (status !== 0) failedSteps.push(name);
      resolve(status === 0);
    });
  });
}

function readJson(path) {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Runs the steps side by side (each of these checks uses one core), printing each one's output
 * whole when it ends, so their lines do not interleave.
 */
async function runTogether(steps) {
  await Promise.all(
    steps.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (status) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(0);
            console.log(`\n▶ ${name}: ${command} ${args.join(' ')} (${seconds} s)`);
            process.stdout.write(Buffer.concat(output));
            if (status !== 0) failedSteps.push(name);
            resolve();
          });
        }),
    ),
  );
}

const vitestJson = `${RESULTS}/vitest.json`;
rmSync(vitestJson, { force: true });
// Vitest leaves about a fifth of the two cores idle (its files wait on PostgreSQL, PGlite, sockets
// and child processes): the checks and the e2e build use it. Each prints whole when it ends;
// Vitest prints as it goes.
const beside = runTogether([
  { name: 'typecheck', command: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: 'npx', args: ['eslint', '.'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
  // The SPA and the compiled BFF the e2e suite runs (playwright.config.ts: E2E_BUILT).
  {
    name: 'e2e build',
    command: 'sh',
    args: ['-c', 'npx vite build --logLevel warn && node scripts/build-server.mjs'],
  },
]);
const vitestDone = runAsync('unit and integration', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
await Promise.all([beside, vitestDone]);
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
    E2E_BUILT: failedSteps.includes('e2e build') ? '' : '1',
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
