import { defineConfig, devices } from '@playwright/test';

// The e2e suite drives Debian's Chromium (never a downloaded build) against the real BFF with the
// local upstream in-process, exactly as `npm start` runs it, on ports of its own.
const port = Number(process.env.E2E_PORT ?? 8180);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4180);
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium';

const runId = process.env.E2E_RUN_ID ?? String(Date.now());
// Workers load this file again: they inherit the runner's id instead of making their own.
process.env.E2E_RUN_ID = runId;

export const e2eUrls = {
  app: `http://127.0.0.1:${port}`,
  sandbox: `http://127.0.0.1:${sandboxPort}`,
};

export default defineConfig({
  testDir: './e2e',
  // Two workers, one spec file each at a time (a file's tests run in order, in one worker): each
  // file's data is its own (fresh ref_ids, addresses, nicknames), the specs with a BFF of their own
  // start it once per file on ports of their own, and a test that changes or counts the shared
  // upstream as a whole runs alone (@exclusive, e2e/fixtures.ts).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A whole test's budget, and what each assertion waits at most. The longest ordinary tests took
  // 25 s in a quiet hour and 57 s in a slow one (29 November, CI: the machine about 2x slower,
  // load average 8-10 on 2 cores), and two first renders there took more than 7 s: a wait that
  // ends as soon as its condition holds costs nothing when the app is fast, and a condition that
  // never holds still fails.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/playwright.json' },
    ],
  ],
  use: {
    baseURL: e2eUrls.app,
    // CI keeps no files of a run (only what it prints), and a trace's screencast costs the browser
    // and the worker CPU on every test: traces are recorded only outside CI.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-gpu',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // The production path (npm start): the SPA and the compiled BFF, run by plain node. npm test
    // builds them beside Vitest and says so (E2E_BUILT=1); a run of its own builds them first.
    command: `${process.env.E2E_BUILT === '1' ? '' : 'npx vite build --logLevel warn && node scripts/build-server.mjs && '}node --enable-source-maps dist/bff/server.js`,
    url: `${e2eUrls.app}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      // Short settle time so transfers reach COMPLETED within a test.
      SANDBOX_SETTLE_MS: '1500',
      // A fresh data directory per run (and per port, so parallel runs never share an embedded
      // database): no run depends on what an earlier one left in the ledger.
      DATA_DIR: `test-results/e2e-data-${port}-${runId}`,
      // Specs submit many writes as one operator; the limit itself has its own integration test.
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
      // The elsewhere watcher reads every second, so activity.spec sees the nav count within a test.
      ELSEWHERE_POLL_SECONDS: '1',
      // Four eyes out of the way of the other specs: addresses are never held and the tiers are
      // far above any amount they send. The four-eyes spec starts its own BFF with the demo policy.
      APPROVAL_POLICY: JSON.stringify({
        withdrawals: {
          require: 'tiers',
          tiers: [
            { asset: 'BTC', above: '1000000000', approvals: 1 },
            { asset: 'USDG', above: '1000000000', approvals: 2 },
          ],
        },
        addresses: { new_addresses: false, travel_rule_changes: false },
        // The specs send to addresses nobody saved: the allowlist (on unless a policy turns it
        // off) has its own spec, one-gate.spec.ts, on the demo policy.
        destinations: { allowlist: false },
      }),
    },
  },
});
