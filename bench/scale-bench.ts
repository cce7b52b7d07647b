// The ledger and the audit trail at scale (issue 27 item 4), the `scale` section of npm run bench:
// 1,000,000 audit events and 300,000 withdrawals (bench/seed-scale.ts), on PostgreSQL
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL; schema bench_scale) and on PGlite in a temp dir.
// Each list filter's p50 through the BFF's own route (createApp in this process, loopback), and
// the audit and ledger CSV exports of every row: rows/s, bytes, this process's RSS.
// SCALE_AUDIT / SCALE_LEDGER set the counts (a quick look: 20000 / 6000); BENCH_SCALE=0 skips it.
// `npx tsx bench/scale-bench.ts` runs it alone.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Pool } from 'undici';
import { createSandbox, DEFAULT_CLIENT } from '#sandbox/index';
import { createApp } from '#bff/app';
import { loadConfig } from '#bff/config';
import { createLogger, logDestination } from '#bff/logger';
import { createRuntime, type Runtime } from '#bff/runtime';
import type { OpenedStore } from '#bff/store/open-store';
import type { BenchSection } from './bench-report';
import { dropSchema, emptySchema } from './servers/pg-schema';
import { SCALE_AUDIT, SCALE_LEDGER, seedScale, type SeedResult } from './seed-scale';

const RUNS = Number(process.env.SCALE_RUNS ?? 30);
const WARMUP_RUNS = 3;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const SCHEMA = 'bench_scale';
/** The issue's target for every list filter, server side. */
const TARGET_P50_MS = 50;
const DAY_MS = 86_400_000;

/** md5(text) as PostgreSQL's md5(…)::uuid::text writes it: what the seed's ids look like. */
function md5Uuid(text: string): string {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The lists measured: what an operator asks for, each filter alone. */
function listQueries(seed: SeedResult): Array<{ list: string; filter: string; path: string }> {
  const at = (daysAgo: number) => new Date(seed.endsAt.getTime() - daysAgo * DAY_MS).toISOString();
  const monthAgo = `from=${at(180)}&to=${at(150)}`;
  // A withdrawal from the middle of the seeded ledger (g = n/2, an ETHEREUM one: g % 4 = 0).
  const g = Math.floor(seed.ledger / 8) * 4;
  const ledger = [
    ['no filter', ''],
    ['status (refused, 2 %)', 'status=refused'],
    ['status (unknown, 0.1 %)', 'status=unknown'],
    ['asset (BTC, 25 %)', 'asset=BTC'],
    ['date range (a month, 6 months ago)', monthAgo],
    ['search: ref_id prefix', `q=${md5Uuid(`ref${g}`).slice(0, 8)}`],
    // Typed in lower case: the seeded address is mixed case (EVM: any case matches).
    ['search: address prefix', `q=0x${md5(`w${g}`).slice(0, 8)}`],
    ['search: tx hash prefix', `q=0x${md5(`x${g}`).slice(0, 10)}`],
  ].map(([filter, query]) => ({
    list: 'ledger',
    filter: filter!,
    path: `/api/withdrawals?limit=50${query ? `&${query}` : ''}`,
  }));
  const audit = [
    ['no filter', ''],
    ['operator', 'operator=operator-7'],
    ['action', 'action=approval.reject'],
    ['date range (a month, 6 months ago)', monthAgo],
    ['from (the last 7 days)', `from=${at(7)}`],
    ['to (before 9 months ago)', `to=${at(270)}`],
    ['operator + date range', `operator=operator-7&${monthAgo}`],
  ].map(([filter, query]) => ({
    list: 'audit',
    filter: filter!,
    path: `/api/audit?limit=100${query ? `&${query}` : ''}`,
  }));
  return [...ledger, ...audit];
}

async function timedGet(pool: Pool, path: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await pool.request({ method: 'GET', path, headers: { 'x-csrf': '1' } });
  await res.body.dump();
  return { ms: performance.now() - started, status: res.statusCode };
}

async function medianOf(pool: Pool, path: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP_RUNS + RUNS; i += 1) {
    const { ms, status } = await timedGet(pool, path);
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    if (i >= WARMUP_RUNS) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Streams an export to nowhere, sampling this process's RSS every 50 ms. */
async function exportOf(pool: Pool, path: string) {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  let bytes = 0;
  let tail = '';
  try {
    const res = await pool.request({ method: 'GET', path, headers: { 'x-csrf': '1' } });
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
    for await (const chunk of res.body) {
      bytes += (chunk as Buffer).length;
      tail = (tail + (chunk as Buffer).toString('latin1')).slice(-200);
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const ending = /# export complete: (\d+) rows/.exec(tail);
  return {
    seconds,
    bytes,
    rssBefore,
    peak,
    rowsFromEnding: ending ? Number(ending[1]) : undefined,
  };
}

interface Backend {
  name: string;
  env: Record<string, string>;
  cleanUp(): Promise<void>;
}

function backends(): Backend[] {
  const list: Backend[] = [];
  if (POSTGRES_URL) {
    const url = new URL(POSTGRES_URL);
    url.searchParams.set('options', `-c search_path=${SCHEMA}`);
    list.push({
      name: 'PostgreSQL',
      env: { DATABASE_URL: url.toString() },
      cleanUp: () => dropSchema(POSTGRES_URL, SCHEMA),
    });
  }
  const dir = mkdtempSync(join(tmpdir(), 'aoc-scale-bench-'));
  list.push({
    name: 'PGlite',
    env: { DATA_DIR: dir },
    cleanUp: async () => rmSync(dir, { recursive: true, force: true }),
  });
  return list;
}

/** The BFF as shipped (createRuntime + createApp) on the backend, in this process. */
async function startBff(upstreamUrl: string, env: Record<string, string>) {
  const config = loadConfig({
    UPSTREAM_BASE_URL: `${upstreamUrl}/v2`,
    UPSTREAM_TOKEN_URL: `${upstreamUrl}/oauth2/token`,
    UPSTREAM_CLIENT_ID: DEFAULT_CLIENT.client_id,
    UPSTREAM_CLIENT_SECRET: DEFAULT_CLIENT.client_secret,
    LOG_LEVEL: 'info',
    WEB_DIR: 'dist/web',
    APPROVAL_POLICY: 'none',
    // The seeded PENDING transfers are not the local upstream's: nothing re-reads them.
    TRANSFER_STATUS_REFRESH_MS: '0',
    ...env,
  });
  const runtime: Runtime = await createRuntime(config, {
    logger: createLogger(config.logLevel, logDestination('/dev/null')),
  });
  const server: Server = createServer(createApp(runtime.deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    store: runtime.deps.store as OpenedStore,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await runtime.close();
    },
  };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function measureBackend(upstreamUrl: string, backend: Backend) {
  const bff = await startBff(upstreamUrl, backend.env);
  const pool = new Pool(bff.url, { connections: 1 });
  try {
    const seed = await seedScale(bff.store.db, { audit: SCALE_AUDIT, ledger: SCALE_LEDGER });
    const lists: BenchSection['rows'] = [];
    for (const query of listQueries(seed)) {
      const p50 = await medianOf(pool, query.path);
      lists.push({
        backend: backend.name,
        list: query.list,
        filter: query.filter,
        'p50 ms': p50.toFixed(2),
        target: p50 <= TARGET_P50_MS ? 'met' : 'NOT MET',
      });
    }
    const exports: BenchSection['rows'] = [];
    for (const [name, path, rows] of [
      ['audit', '/api/audit/export.csv', seed.audit],
      ['ledger', '/api/withdrawals.csv', seed.ledger],
    ] as const) {
      const result = await exportOf(pool, path);
      exports.push({
        backend: backend.name,
        export: `${name}, every row`,
        rows,
        seconds: result.seconds.toFixed(1),
        'rows/s': Math.round(rows / result.seconds),
        MB: mb(result.bytes),
        'RSS before MB': mb(result.rssBefore),
        'RSS peak MB': mb(result.peak),
        complete:
          name === 'audit' ? 'no status line' : result.rowsFromEnding === rows ? 'yes' : 'NO',
      });
    }
    return { seed, lists, exports };
  } finally {
    await pool.close();
    await bff.close();
  }
}

export async function runScaleBench(): Promise<BenchSection[]> {
  // PGlite compiles in this process: with the shipped BFF's V8 settings (as ledger-bench.ts).
  await import('#bff/v8-policy-applied');
  const sandbox = createSandbox();
  const upstream = await sandbox.listen(0, '127.0.0.1');
  const lists: BenchSection['rows'] = [];
  const exports: BenchSection['rows'] = [];
  const seeding: string[] = [];
  try {
    for (const backend of backends()) {
      try {
        if (backend.name === 'PostgreSQL') await emptySchema(POSTGRES_URL!, SCHEMA);
        const result = await measureBackend(upstream.url, backend);
        lists.push(...result.lists);
        exports.push(...result.exports);
        const { seed } = result;
        seeding.push(
          `${backend.name}: seeded ${seed.audit.toLocaleString('en')} audit events in ${seed.auditSeconds.toFixed(1)} s and ${seed.ledger.toLocaleString('en')} withdrawals in ${seed.ledgerSeconds.toFixed(1)} s (ANALYZE ${seed.analyzeSeconds.toFixed(1)} s).`,
        );
      } finally {
        await backend.cleanUp().catch(() => {});
      }
    }
  } finally {
    await upstream.close();
  }
  const notes = [
    ...seeding,
    ...(POSTGRES_URL
      ? []
      : ['PostgreSQL not measured: set BENCH_DATABASE_URL or TEST_DATABASE_URL.']),
    `p50 of ${RUNS} requests after ${WARMUP_RUNS} uncounted, one at a time through the BFF's route (loopback, in this process): target <= ${TARGET_P50_MS} ms each.`,
  ];
  return [
    {
      title: `Ledger and audit lists at scale (${SCALE_LEDGER.toLocaleString('en')} withdrawals, ${SCALE_AUDIT.toLocaleString('en')} audit events)`,
      rows: lists,
      notes,
    },
    {
      title: 'CSV exports of every row at scale',
      rows: exports,
      notes: [
        "RSS: this process's (the BFF, PGlite's WebAssembly memory and the client reading the export to nowhere), sampled every 50 ms; constant memory shows as a peak that does not grow with the rows.",
      ],
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printSection } = await import('./bench-report');
  for (const section of await runScaleBench()) printSection(section);
}
