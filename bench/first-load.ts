// The first load of the statements page in Chromium from an empty cache (issue 27 item 2): bytes
// over the wire as received (compressed as the BFF sent them, headers included), first contentful
// paint, and the time until the page is usable (the filters interactive and, on a customer's link,
// the first statements on screen). The console runs as `npm start` runs it: the compiled BFF
// serving dist/web, the local upstream in-process. Each run is a new browser context: nothing
// cached, no service worker, a first open of the link.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { SEED_IDS } from '#sandbox/index';
import type { BenchSection } from './bench-report';
import { launchBenchChromium } from './servers/bench-chromium';
import { compiledConsoleBuilt, startConsole } from './servers/compiled-console';

const RUNS = Number(process.env.BENCH_FIRST_LOAD_RUNS ?? 5);
/** Issue 27's budget: bytes as received, first contentful paint, usable. */
export const FIRST_LOAD_TARGETS = { bytes: 170 * 1024, fcpMs: 1_000, usableMs: 1_000 };

/** The page as an operator opens it, and a customer's link from a ticket (default page size). */
const PAGES = [
  { name: '/statements (no customer yet)', path: '/statements', rows: false },
  {
    name: "/statements?customer_id=… (a ticket's link)",
    path: `/statements?customer_id=${SEED_IDS.exampleCustomer}`,
    rows: true,
  },
];

/**
 * Installed before the page's own scripts: every animation frame it looks for an enabled filter
 * input (and, when asked, a statement row), and notes when the frame that showed them was painted
 * (a task queued from the frame's callback runs after its paint). Plain JavaScript, as in
 * statements-page-bench.ts.
 */
const watchUsable = (rows: boolean) => `(() => {
  // First contentful paint as the page reports it, kept as soon as it is known (an observer, not
  // a read of the timeline afterwards, which a run could miss).
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') window.__fcpAt = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const tick = () => {
    const input = document.querySelector('form[aria-label="Statement filters"] input:not([disabled])');
    const row = ${rows} ? document.querySelector('table.data-table tbody tr') : true;
    if (input && row) {
      setTimeout(() => (window.__usableAt = performance.now()), 0);
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

interface Reading {
  bytes: number;
  /** Of those, the response headers (the BFF's security headers go with every file). */
  headerBytes: number;
  byKind: Record<string, number>;
  requests: number;
  fcpMs: number;
  usableMs: number;
}

function kindOf(url: string, mime: string): string {
  const path = new URL(url).pathname;
  if (path.startsWith('/api/')) return 'api';
  if (/javascript/.test(mime) || path.endsWith('.js')) return 'js';
  if (/css/.test(mime) || path.endsWith('.css')) return 'css';
  if (/html/.test(mime)) return 'html';
  return 'other';
}

async function firstLoad(browser: Browser, url: string, rows: boolean): Promise<Reading> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const mimeOf = new Map<string, { url: string; mime: string }>();
    const received = new Map<string, number>();
    let headerBytes = 0;
    cdp.on('Network.responseReceived', (event) => {
      mimeOf.set(event.requestId, { url: event.response.url, mime: event.response.mimeType });
      // What had arrived when the response's headers were read: its status line and headers.
      headerBytes += event.response.encodedDataLength;
    });
    cdp.on('Network.loadingFinished', (event) =>
      received.set(event.requestId, event.encodedDataLength),
    );
    await page.addInitScript({ content: watchUsable(rows) });
    await page.goto(url, { waitUntil: 'load' });
    const usableMs = (await (
      await page.waitForFunction(() => (window as { __usableAt?: number }).__usableAt, undefined, {
        polling: 50,
        timeout: 30_000,
      })
    ).jsonValue()) as number;
    // Whatever the page still asks for once usable (the pending count, a lazy chunk) counts too.
    await page.waitForLoadState('networkidle');
    // NaN when Chromium reported no paint entry at all (the median leaves such a run out).
    const fcpMs = await page.evaluate(
      () =>
        (window as { __fcpAt?: number }).__fcpAt ??
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ??
        NaN,
    );
    const byKind: Record<string, number> = {};
    for (const [id, bytes] of received) {
      const response = mimeOf.get(id);
      const kind = response ? kindOf(response.url, response.mime) : 'other';
      byKind[kind] = (byKind[kind] ?? 0) + bytes;
    }
    const bytes = [...received.values()].reduce((sum, b) => sum + b, 0);
    // BENCH_FIRST_LOAD_LIST=1: every response and its bytes, to see where a budget goes.
    if (process.env.BENCH_FIRST_LOAD_LIST)
      for (const [id, b] of received)
        console.error(`  ${b}\t${mimeOf.get(id)?.url.replace(/^https?:\/\/[^/]+/, '') ?? id}`);
    return { bytes, headerBytes, byKind, requests: received.size, fcpMs, usableMs };
  } finally {
    await context.close();
  }
}

/** The median of the readings that exist (NaN only when none does). */
const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)]!;
};
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');

/** undefined when the SPA or the BFF is not built (npm run bench builds both first). */
export async function runFirstLoadBench(): Promise<BenchSection | undefined> {
  if (!compiledConsoleBuilt()) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'aoc-first-load-'));
  const { origin, child } = await startConsole(join(dir, 'data'));
  const browser = await launchBenchChromium();
  const rows: BenchSection['rows'] = [];
  const notes: string[] = [];
  try {
    for (const target of PAGES) {
      const readings: Reading[] = [];
      // Run 0 warms the server (JIT, the upstream's token and first page): not counted.
      for (let run = 0; run <= RUNS; run++) {
        const reading = await firstLoad(browser, `${origin}${target.path}`, target.rows);
        if (run > 0) readings.push(reading);
      }
      const bytes = median(readings.map((r) => r.bytes));
      const fcp = median(readings.map((r) => r.fcpMs));
      const usable = median(readings.map((r) => r.usableMs));
      const kind = (name: string) => kb(median(readings.map((r) => r.byKind[name] ?? 0)));
      rows.push({
        page: target.name,
        runs: readings.length,
        requests: median(readings.map((r) => r.requests)),
        'KB received': kb(bytes),
        'of which headers KB': kb(median(readings.map((r) => r.headerBytes))),
        'html / js / css / api / other KB': ['html', 'js', 'css', 'api', 'other']
          .map(kind)
          .join(' / '),
        'FCP ms': Math.round(fcp),
        'usable ms': Math.round(usable),
        'usable ms max': Math.round(Math.max(...readings.map((r) => r.usableMs))),
      });
      const noPaint = readings.filter((r) => Number.isNaN(r.fcpMs)).length;
      if (noPaint > 0)
        notes.push(`${target.name}: no first-contentful-paint entry in ${noPaint} of ${RUNS} runs`);
      notes.push(
        `${target.name}: ${kb(bytes)} KB (target <= ${kb(FIRST_LOAD_TARGETS.bytes)}: ${met(bytes <= FIRST_LOAD_TARGETS.bytes)}); ` +
          `FCP ${Math.round(fcp)} ms (target <= ${FIRST_LOAD_TARGETS.fcpMs}: ${met(fcp <= FIRST_LOAD_TARGETS.fcpMs)}); ` +
          `usable ${Math.round(usable)} ms (target <= ${FIRST_LOAD_TARGETS.usableMs}: ${met(usable <= FIRST_LOAD_TARGETS.usableMs)})`,
      );
    }
  } finally {
    await browser.close();
    await new Promise((done) => {
      child.once('exit', done);
      child.kill('SIGTERM');
    });
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    title: 'First load of the statements page in Chromium, empty cache, 1280x800 (npm start)',
    rows,
    notes: [
      'KB received: the sum of encodedDataLength over every response (CDP Network.loadingFinished): bytes as they came over the wire, compressed as sent, headers included, until the network is idle. API answers are not compressed (docs/bench.md).',
      "FCP: the page's first-contentful-paint entry. Usable: an enabled filter input and, on a customer's link, a statement row, in a frame that was painted (from navigation start). Medians.",
      ...notes,
      `load average when it ended: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
    ],
  };
}
