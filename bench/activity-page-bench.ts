// The Activity page's first 100 rows (issue 39: "readable in under 1 s"). The local upstream holds
// a large history (BENCH_ACTIVITY_TRANSFERS transfers no console made, default 50,000, several
// types, a few thousand of them also in the ledger), and the BFF as shipped (createRuntime +
// createApp, PGlite) answers GET /api/transfers?limit=100: the service's page read tolerantly and
// each row's origin looked up in the ledger. Timed server side (request sent to the last byte of
// the 100 rows), beside the same page asked of the local upstream alone, so the BFF's share shows;
// then, when the SPA is built (dist/web), Chromium opening /activity until its 100 rows are painted.
// run.ts calls runActivityPageBench() (section `activity-page`); `npx tsx bench/activity-page-bench.ts`
// runs it alone.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LiveTransfer } from '#contract/transfer-status';
import { accessToken, createSandbox, DEFAULT_CLIENT, SEED_IDS } from '#sandbox/index';
import { createApp } from '#bff/app';
import { loadConfig } from '#bff/config';
import { createLogger, logDestination } from '#bff/logger';
import { createRuntime } from '#bff/runtime';
import type { OpenedStore } from '#bff/store/open-store';
import type { BenchSection } from './bench-report';
import { launchBenchChromium } from './servers/bench-chromium';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const HISTORY = Number(process.env.BENCH_ACTIVITY_TRANSFERS ?? 50_000);
const IN_LEDGER = Math.min(5_000, HISTORY);
const SERVER_RUNS = Number(process.env.BENCH_ACTIVITY_RUNS ?? 30);
const PAGE_RUNS = Number(process.env.BENCH_ACTIVITY_PAGE_RUNS ?? 5);
const ROWS = 100;
/** The target for the first 100 rows. */
export const ACTIVITY_TARGET_MS = 1_000;

const TYPES = [
  ['CRYPTO_DEPOSIT', 'CREDIT'],
  ['CRYPTO_WITHDRAWAL', 'DEBIT'],
  ['INTERNAL_TRANSFER_CREDIT', 'CREDIT'],
  ['INTERNAL_TRANSFER_DEBIT', 'DEBIT'],
  ['WIRE_DEPOSIT', 'CREDIT'],
  ['RTP_DEPOSIT', 'CREDIT'],
] as const;
const STATUSES = ['COMPLETED', 'COMPLETED', 'COMPLETED', 'PENDING', 'FAILED'];

/** A month of history, one transfer a minute or so, newest last; every 10th with a ref_id. */
function history(count: number, nowMs: number): LiveTransfer[] {
  const step = Math.max(1, Math.floor((30 * 86_400_000) / count));
  return Array.from({ length: count }, (_, i) => {
    const [type, direction] = TYPES[i % TYPES.length]!;
    const at = new Date(nowMs - (count - i) * step).toISOString();
    return {
      id: `bench-transfer-${String(i).padStart(6, '0')}`,
      customer_id: SEED_IDS.exampleCustomer,
      profile_id: SEED_IDS.exampleProfile,
      ...(i % 10 === 0 ? { ref_id: `bench-ref-${i}` } : {}),
      amount: `${(i % 997) + 1}.25`,
      total: `${(i % 997) + 1}.25`,
      fee: '0',
      asset: i % 2 ? 'USDG' : 'ETH',
      direction,
      type,
      status: STATUSES[i % STATUSES.length]!,
      created_at: at,
      updated_at: at,
      ...(type.startsWith('CRYPTO')
        ? {
            crypto_network: 'ETHEREUM',
            destination_address: `0x${i.toString(16).padStart(40, '0')}`,
            crypto_tx_hash: `0x${i.toString(16).padStart(64, '0')}`,
          }
        : {}),
      metadata: {},
    } as LiveTransfer;
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)
  ]!;

/** Request sent to the last byte read, and the rows in it. */
async function timed(url: string, headers: Record<string, string>) {
  const began = performance.now();
  const response = await fetch(url, { headers });
  const body = (await response.json()) as { items?: unknown[] };
  const ms = performance.now() - began;
  if (response.status !== 200 || body.items?.length !== ROWS)
    throw new Error(`${url}: ${response.status}, ${body.items?.length} rows`);
  return ms;
}

/**
 * Installed before the page's scripts: every animation frame it counts the Activity table's rows;
 * with 100 there it notes when the frame that drew them was painted (a task queued from the
 * frame's callback runs after its paint). Plain JavaScript, as in statements-page-bench.ts.
 */
const WATCH_ROWS = `(() => {
  const tick = () => {
    if (document.querySelectorAll('table.data-table tbody tr').length >= ${ROWS}) {
      setTimeout(() => (window.__rowsAt = performance.now()), 0);
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/** Chromium opening /activity, navigation start to its first 100 rows painted (median, max). */
async function browserTimes(origin: string): Promise<{ rows: number[]; answers: number[] }> {
  const browser = await launchBenchChromium();
  const times: number[] = [];
  const answers: number[] = [];
  try {
    // Run 0 warms the server side (JIT, the upstream's token); it is not counted.
    for (let run = 0; run <= PAGE_RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript({ content: WATCH_ROWS });
      await page.goto(`${origin}/activity`, { waitUntil: 'commit' });
      const at = (await (
        await page.waitForFunction(
          () => (window as unknown as { __rowsAt?: number }).__rowsAt,
          undefined,
          {
            polling: 50,
            timeout: 30_000,
          },
        )
      ).jsonValue()) as number;
      // The end of the /api/transfers answer: what is the server's, the rest is the page's.
      const answerEnd = await page.evaluate(() => {
        const entry = performance
          .getEntriesByType('resource')
          .find((e) => e.name.includes('/api/transfers?') || e.name.endsWith('/api/transfers')) as
          PerformanceResourceTiming | undefined;
        return entry?.responseEnd ?? NaN;
      });
      if (run > 0) {
        times.push(at);
        answers.push(answerEnd);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { rows: times, answers };
}

export async function runActivityPageBench(): Promise<BenchSection> {
  // The BFF's V8 settings, as server.ts applies them, before PGlite's WebAssembly is compiled.
  await import('#bff/v8-policy-applied');
  const sandbox = createSandbox();
  const transfers = history(HISTORY, Date.now());
  sandbox.addTransferHistory(transfers);
  const upstream = await sandbox.listen(0, '127.0.0.1');
  const dataDir = mkdtempSync(join(tmpdir(), 'aoc-activity-bench-'));
  const config = loadConfig({
    UPSTREAM_BASE_URL: `${upstream.url}/v2`,
    UPSTREAM_TOKEN_URL: `${upstream.url}/oauth2/token`,
    UPSTREAM_CLIENT_ID: DEFAULT_CLIENT.client_id,
    UPSTREAM_CLIENT_SECRET: DEFAULT_CLIENT.client_secret,
    DATA_DIR: join(dataDir, 'data'),
    LOG_LEVEL: 'warn',
    WEB_DIR: 'dist/web',
    APPROVAL_POLICY: 'none',
    // The watcher would read the same list meanwhile: off, so only the page is timed.
    ELSEWHERE_POLL_SECONDS: '0',
  });
  const runtime = await createRuntime(config, {
    logger: createLogger(config.logLevel, logDestination('/dev/null')),
  });
  // The newest transfers (the first page) partly in the ledger: the origin look-up finds some.
  // createRuntime opened it with openStore: the database underneath is there (OpenedStore).
  await (runtime.deps.store as OpenedStore).db.query(
    `INSERT INTO withdrawals (ref_id, status, operator_subject, operator_name, request_hash,
       request, transfer)
     SELECT 'bench-ledger-' || g, 'created', 'bench', 'Bench', 'h', '{}'::jsonb,
       jsonb_build_object('id', 'bench-transfer-' || lpad(g::text, 6, '0'), 'status', 'COMPLETED')
     FROM generate_series($1::int, $2::int, 3) g`,
    [HISTORY - IN_LEDGER, HISTORY - 1],
  );
  const server: Server = createServer(createApp(runtime.deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const token = await accessToken(upstream.url, DEFAULT_CLIENT, ['transfer:read_transfer']);
    const direct = `${upstream.url}/v2/transfer/transfers?limit=${ROWS}&order=DESC&order_by=CREATED_AT`;
    const viaBff = `${origin}/api/transfers?limit=${ROWS}`;
    const bff: number[] = [];
    const alone: number[] = [];
    for (let run = -3; run < SERVER_RUNS; run++) {
      const a = await timed(direct, { authorization: `Bearer ${token}` });
      const b = await timed(viaBff, { 'x-csrf': '1' });
      if (run >= 0) {
        alone.push(a);
        bff.push(b);
      }
    }
    const consoleRows = (
      (await (await fetch(viaBff, { headers: { 'x-csrf': '1' } })).json()) as {
        items: { origin: string }[];
      }
    ).items.filter((i) => i.origin === 'console').length;
    const rows: Record<string, string | number>[] = [
      {
        measured: `GET /api/transfers?limit=${ROWS} (BFF + local upstream)`,
        runs: bff.length,
        'ms median': bff.length ? median(bff).toFixed(1) : '-',
        'ms p95': p95(bff).toFixed(1),
        'ms max': Math.max(...bff).toFixed(1),
      },
      {
        measured: `the local upstream alone (GET /v2/transfer/transfers?limit=${ROWS})`,
        runs: alone.length,
        'ms median': median(alone).toFixed(1),
        'ms p95': p95(alone).toFixed(1),
        'ms max': Math.max(...alone).toFixed(1),
      },
    ];
    const notes = [
      `${HISTORY.toLocaleString('en-US')} transfers at the local upstream (6 types, every 10th with a ref_id), ${Math.ceil(IN_LEDGER / 3).toLocaleString('en-US')} of the newest in the ledger (PGlite); the first page had ${consoleRows} rows of this console's`,
      'server side: request sent to the last byte of the 100 rows read, one request at a time, 3 warm-up rounds not counted; the local upstream sorts its whole list for every page, so its own time is most of the figure',
    ];
    if (existsSync(join(root, 'dist/web/index.html'))) {
      const { rows: times, answers } = await browserTimes(origin);
      rows.push({
        measured: 'Chromium: /activity to the end of its /api/transfers answer',
        runs: answers.length,
        'ms median': median(answers).toFixed(0),
        'ms p95': p95(answers).toFixed(0),
        'ms max': Math.max(...answers).toFixed(0),
      });
      rows.push({
        measured: 'Chromium: /activity to its first 100 rows painted (1280x800, fresh context)',
        runs: times.length,
        'ms median': median(times).toFixed(0),
        'ms p95': p95(times).toFixed(0),
        'ms max': Math.max(...times).toFixed(0),
      });
      notes.push(
        `target: the first 100 rows readable in under ${ACTIVITY_TARGET_MS} ms (Chromium median): ${median(times) < ACTIVITY_TARGET_MS ? 'met' : '**not met**'}`,
      );
    } else {
      notes.push('(dist/web is missing: run npm run build to time the page in Chromium)');
      notes.push(
        `target: the first 100 rows in under ${ACTIVITY_TARGET_MS} ms (server side median): ${median(bff) < ACTIVITY_TARGET_MS ? 'met' : '**not met**'}`,
      );
    }
    notes.push(
      `load average when it ended: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
    );
    return {
      title: `Activity: the first ${ROWS} of ${HISTORY.toLocaleString('en-US')} transfers`,
      rows,
      notes,
    };
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await runtime.close();
    await upstream.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printSection } = await import('./bench-report');
  printSection(await runActivityPageBench());
}
