// The ledger's part of `npm run bench`: withdrawals written per second through POST
// /api/withdrawals (write-ahead intent, upstream create, outcome, audit event) on PGlite and on
// PostgreSQL, and the latency the write-ahead record adds over the same call without it.
// run.ts calls runLedgerBench(); `npx tsx bench/ledger-bench.ts` runs it alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { createSandbox, DEFAULT_CLIENT, SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';
import { createApp } from '#bff/app';
import { loadConfig } from '#bff/config';
import { createLogger, logDestination } from '#bff/logger';
import { createRuntime, type Runtime } from '#bff/runtime';
import type { WithdrawalLedger } from '#bff/store/withdrawal-ledger-port';
import type { BenchSection } from './bench-report';
import { closedLoop } from './load';
import { emptySchema } from './servers/pg-schema';

// 3 s a cell: the write rate of a closed loop settles within a second; the bench keeps under 3 minutes.
const DURATION_MS = Number(process.env.LEDGER_BENCH_DURATION_MS ?? 3_000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1_000);
const CONCURRENCIES = [1, 10];
/** PostgreSQL to measure on: BENCH_DATABASE_URL, else TEST_DATABASE_URL (CI sets it). */
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const BENCH_SCHEMA = 'bench_ledger';
const ASSETS = ['USDG', 'PYUSD', 'USDC'];

interface WriteResult {
  writes: number;
  errors: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * The same route without the write-ahead: nothing is recorded before or after the upstream call,
 * so every submit goes straight to the upstream. Only for measuring what the ledger costs.
 */
function noLedger(): WithdrawalLedger {
  const now = new Date().toISOString();
  const record = (refId: string): WithdrawalRecord => ({
    ref_id: refId,
    status: 'submitting',
    operator: { subject: '', name: '' },
    request_hash: '',
    request: {},
    created_at: now,
    updated_at: now,
  });
  return {
    recordIntent: async (intent) => ({ inserted: true, record: record(intent.refId), attempt: 1 }),
    claim: async () => 1,
    recordOutcome: async (refId) => record(refId),
    get: async () => undefined,
    list: async () => ({ withdrawals: [] }),
    markInterruptedAsUnknown: async () => 0,
  };
}

/** Closed loop: each worker submits the next withdrawal (a new ref_id) as soon as one answers. */
async function writeLoad(origin: string, concurrency: number, label: string): Promise<WriteResult> {
  let n = 0;
  const result = await closedLoop({
    origin,
    concurrency,
    warmupMs: WARMUP_MS,
    durationMs: DURATION_MS,
    send: async (pool) => {
      const body = JSON.stringify({
        profile_id: SEED_IDS.exampleProfile,
        destination_address: SAMPLE_ADDRESSES.solanaA,
        crypto_network: 'SOLANA',
        // Rotating assets: the local upstream sums a profile's withdrawals per asset on each create.
        asset: ASSETS[n % ASSETS.length],
        amount: '0.01',
        ref_id: `bench-${label}-${process.pid}-${++n}`,
      });
      const res = await pool.request({
        method: 'POST',
        path: '/api/withdrawals',
        headers: { 'x-csrf': '1', 'content-type': 'application/json' },
        body,
      });
      await res.body.dump();
      return res.statusCode;
    },
  });
  return {
    writes: result.requests,
    errors: result.errors,
    perSecond: result.rps,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
  };
}

interface Variant {
  name: string;
  env: Record<string, string>;
  writeAhead: boolean;
}

/** One BFF as shipped (createRuntime + createApp), optionally without its ledger, on its own port. */
async function startBff(
  upstreamUrl: string,
  variant: Variant,
): Promise<{ url: string; close(): Promise<void> }> {
  const config = loadConfig({
    UPSTREAM_BASE_URL: `${upstreamUrl}/v2`,
    UPSTREAM_TOKEN_URL: `${upstreamUrl}/oauth2/token`,
    UPSTREAM_CLIENT_ID: DEFAULT_CLIENT.client_id,
    UPSTREAM_CLIENT_SECRET: DEFAULT_CLIENT.client_secret,
    LOG_LEVEL: 'info',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIR: 'dist/web',
    APPROVAL_POLICY: 'none',
    ...variant.env,
  });
  const logger = createLogger(config.logLevel, logDestination('/dev/null'));
  const runtime: Runtime = await createRuntime(config, { logger });
  const store = variant.writeAhead
    ? runtime.deps.store
    : { ...runtime.deps.store, ledger: noLedger() };
  const server: Server = createServer(createApp({ ...runtime.deps, store }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await runtime.close();
    },
  };
}

const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

export async function runLedgerBench(): Promise<BenchSection> {
  // PGlite runs in this process here: with the V8 settings the shipped BFF has (server.ts imports
  // them first), applied before this process compiles PGlite's WebAssembly. The sections before
  // this one run their servers in child processes, so nothing measured earlier is affected.
  await import('#bff/v8-policy-applied');
  // The upstream runs in this process too: the numbers compare the variants with each other on
  // one machine, they are not the upstream's own limits.
  const sandbox = createSandbox();
  const upstream = await sandbox.listen(0, '127.0.0.1');
  const dataDir = mkdtempSync(join(tmpdir(), 'aoc-ledger-bench-'));
  // The baseline first: the same route, its audit event on PGlite, no ledger rows.
  const variants: Variant[] = [
    {
      name: 'no write-ahead (same route)',
      env: { DATA_DIR: join(dataDir, 'audit-only') },
      writeAhead: false,
    },
    { name: 'PGlite (DATA_DIR)', env: { DATA_DIR: join(dataDir, 'ledger') }, writeAhead: true },
  ];
  if (POSTGRES_URL) {
    await emptySchema(POSTGRES_URL, BENCH_SCHEMA);
    const url = new URL(POSTGRES_URL);
    url.searchParams.set('options', `-c search_path=${BENCH_SCHEMA}`);
    variants.push({ name: 'PostgreSQL', env: { DATABASE_URL: url.toString() }, writeAhead: true });
  }

  const rows: BenchSection['rows'] = [];
  const p50At1 = new Map<string, number>();
  try {
    for (const variant of variants) {
      const bff = await startBff(upstream.url, variant);
      try {
        for (const concurrency of CONCURRENCIES) {
          const label = `${variant.name.replace(/\W+/g, '')}-${concurrency}`;
          // Every run starts from the same upstream state (its per-create cost grows with history).
          sandbox.reset();
          const result = await writeLoad(bff.url, concurrency, label);
          if (concurrency === 1) p50At1.set(variant.name, result.p50Ms);
          rows.push({
            ledger: variant.name,
            c: concurrency,
            'writes/s': fmt(result.perSecond, 0),
            'p50 ms': fmt(result.p50Ms, 2),
            'p99 ms': fmt(result.p99Ms, 2),
            errors: result.errors,
          });
        }
      } finally {
        await bff.close();
      }
    }
  } finally {
    await upstream.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (POSTGRES_URL) await emptySchema(POSTGRES_URL, BENCH_SCHEMA).catch(() => {});
  }

  const baseline = p50At1.get('no write-ahead (same route)') ?? NaN;
  const notes = variants
    .filter((v) => v.writeAhead)
    .map(
      (v) =>
        `Write-ahead on ${v.name}: +${fmt((p50At1.get(v.name) ?? NaN) - baseline, 2)} ms p50 at c=1 over the same call without it.`,
    );
  if (!POSTGRES_URL)
    notes.push('PostgreSQL not measured: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
  notes.push(
    'Each write: intent + attempt rows before the upstream call, outcome after, one audit event. ' +
      'BFF, upstream and load generator share this process and its cores.',
  );
  return { title: 'Ledger writes through POST /api/withdrawals', rows, notes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printSection } = await import('./bench-report');
  printSection(await runLedgerBench());
}
