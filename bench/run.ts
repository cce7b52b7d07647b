// npm run bench: what the BFF costs over the upstream it proxies, on this machine, in one run.
// Three servers, each in its own process: the local upstream (direct), a minimal pass-through
// proxy (the floor), and the BFF as shipped. The load generator (undici, closed loop) runs here.
// Then the first page's JavaScript size (when dist/web exists) and the ledger's bench (when
// bench/ledger-bench.ts exists). docs/bench.md says how to read the tables.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { Pool } from 'undici';
import { SCOPES } from '../contract/scopes';
import { DEFAULT_CLIENT, SEED_IDS, type SandboxStats } from '../sandbox/index';
import { printSection, type BenchSection } from './bench-report';
import { measureFirstPageJs } from './bundle-size';
import { runLedgerBench } from './ledger-bench';
import { runLoad, type LoadResult } from './load';
import { BENCH_CLIENTS } from './servers/bench-clients';
import type { ChildMessage, Question } from './servers/child-protocol';

const here = dirname(fileURLToPath(import.meta.url));
const CONCURRENCIES = [1, 10, 50];
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5_000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1_000);
const QUERY = `customer_id=${SEED_IDS.largeCustomer}&limit=100`;

interface Child {
  url: string;
  ask<T>(what: Question): Promise<T>;
  stop(): void;
}

function startChild(file: string, env: Record<string, string> = {}): Promise<Child> {
  const child: ChildProcess = fork(join(here, 'servers', file), [], {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      // BENCH_CPU_PROF=bff-server.ts writes a .cpuprofile of that server (into bench-profiles/).
      ...(process.env.BENCH_CPU_PROF === file
        ? ['--cpu-prof', '--cpu-prof-dir', join(here, '..', 'bench-profiles')]
        : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited (${code})`)));
    child.once('message', (message: ChildMessage) => {
      if (message.type !== 'ready') return reject(new Error(`${file}: ${JSON.stringify(message)}`));
      resolve({
        url: message.url,
        ask: (what) =>
          new Promise((answer) => {
            child.once(
              'message',
              (m: ChildMessage) => m.type === 'answer' && answer(m.data as never),
            );
            child.send({ type: 'ask', what });
          }),
        stop: () => {
          child.removeAllListeners('exit');
          child.kill();
        },
      });
    });
  });
}

async function directToken(sandboxUrl: string): Promise<string> {
  const pool = new Pool(sandboxUrl);
  const response = await pool.request({
    method: 'POST',
    path: '/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: BENCH_CLIENTS.direct.client_id,
      client_secret: BENCH_CLIENTS.direct.client_secret,
      scope: SCOPES.listStatements,
    }).toString(),
  });
  const { access_token } = (await response.body.json()) as { access_token: string };
  await pool.close();
  return access_token;
}

async function bodyOf(origin: string, path: string, headers: Record<string, string>) {
  const pool = new Pool(origin);
  const response = await pool.request({ method: 'GET', path, headers });
  const text = await response.body.text();
  await pool.close();
  return { status: response.statusCode, text };
}

const ms = (value: number) => value.toFixed(2);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function proxyBench(): Promise<BenchSection> {
  const sandbox = await startChild('sandbox-server.ts');
  const proxy = await startChild('pass-through-proxy.ts', { BENCH_UPSTREAM_URL: sandbox.url });
  const bff = await startChild('bff-server.ts', { BENCH_UPSTREAM_URL: sandbox.url });
  try {
    const token = await directToken(sandbox.url);
    const targets = {
      direct: {
        origin: sandbox.url,
        path: `/v2/statements?${QUERY}`,
        headers: { authorization: `Bearer ${token}` },
      },
      'minimal proxy': { origin: proxy.url, path: `/api/statements?${QUERY}`, headers: {} },
      BFF: { origin: bff.url, path: `/api/statements?${QUERY}`, headers: { 'x-csrf': '1' } },
    };
    // The three answer the same bytes, or the comparison means nothing.
    const bodies = await Promise.all(
      Object.values(targets).map((t) => bodyOf(t.origin, t.path, t.headers)),
    );
    for (const b of bodies) if (b.status !== 200) throw new Error(`warm-up answered ${b.status}`);
    if (new Set(bodies.map((b) => b.text)).size !== 1)
      throw new Error('the three targets answered different bodies');
    const pageBytes = Buffer.byteLength(bodies[0]!.text);

    const servers: Record<string, Child> = { direct: sandbox, 'minimal proxy': proxy, BFF: bff };
    const cpuPerRequest: Record<string, Record<number, number>> = {
      direct: {},
      'minimal proxy': {},
      BFF: {},
    };
    const results: Record<string, Record<number, LoadResult>> = {
      direct: {},
      'minimal proxy': {},
      BFF: {},
    };
    for (const concurrency of CONCURRENCIES) {
      for (const [name, target] of Object.entries(targets)) {
        process.stderr.write(`  ${name} at c=${concurrency}...\n`);
        const server = servers[name]!;
        let cpuBefore: NodeJS.CpuUsage | undefined;
        let cpuAfter: NodeJS.CpuUsage | undefined;
        const result = await runLoad({
          ...target,
          concurrency,
          durationMs: DURATION_MS,
          warmupMs: WARMUP_MS,
          onWindowStart: async () => void (cpuBefore = await server.ask('cpu')),
          onWindowEnd: async () => void (cpuAfter = await server.ask('cpu')),
        });
        const cpuUs = cpuAfter!.user + cpuAfter!.system - cpuBefore!.user - cpuBefore!.system;
        results[name]![concurrency] = result;
        cpuPerRequest[name]![concurrency] = cpuUs / Math.max(1, result.requests);
      }
    }
    const stats = await sandbox.ask<SandboxStats>('stats');
    const memory = await bff.ask<NodeJS.MemoryUsage>('memory');
    const bffTokens = stats.tokenRequests.byClient[DEFAULT_CLIENT.client_id] ?? 0;

    const rows: BenchSection['rows'] = [];
    for (const concurrency of CONCURRENCIES) {
      const direct = results.direct![concurrency]!;
      const floor = results['minimal proxy']![concurrency]!;
      for (const name of Object.keys(targets)) {
        const r = results[name]![concurrency]!;
        rows.push({
          target: name,
          c: concurrency,
          'req/s': Math.round(r.rps),
          errors: r.errors,
          'p50 ms': ms(r.p50Ms),
          'p99 ms': ms(r.p99Ms),
          '× direct': (r.rps / direct.rps).toFixed(2),
          '× minimal': (r.rps / floor.rps).toFixed(2),
          '+p50 ms': name === 'direct' ? '' : ms(r.p50Ms - direct.p50Ms),
          '+p99 ms': name === 'direct' ? '' : ms(r.p99Ms - direct.p99Ms),
          'server CPU µs/req': Math.round(cpuPerRequest[name]![concurrency]!),
        });
      }
    }
    const ratio = (c: number) => results.BFF![c]!.rps / results['minimal proxy']![c]!.rps;
    const addedP50 = results.BFF![1]!.p50Ms - results.direct![1]!.p50Ms;
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    return {
      title: `GET /api/statements, ${pageBytes} bytes a page (100 statements), ${DURATION_MS / 1000} s per cell`,
      rows,
      notes: [
        '',
        `BFF token requests over the whole run: ${bffTokens} (scope ${SCOPES.listStatements}; target exactly 1 per scope: ${verdict(bffTokens === 1)})`,
        `BFF memory after the run (after GC): rss ${mb(memory.rss)}, heap used ${mb(memory.heapUsed)}`,
        `BFF / minimal proxy at c=10: ${ratio(10).toFixed(2)}, at c=50: ${ratio(50).toFixed(2)} (target >= 0.50: ${verdict(ratio(10) >= 0.5 && ratio(50) >= 0.5)})`,
        `BFF added p50 over direct at c=1: ${ms(addedP50)} ms (target <= 2 ms: ${verdict(addedP50 <= 2)})`,
      ],
    };
  } finally {
    bff.stop();
    proxy.stop();
    sandbox.stop();
  }
}

async function bundleBench(): Promise<BenchSection | undefined> {
  const dist = join(here, '..', 'dist', 'web');
  if (!existsSync(join(dist, 'index.html'))) return undefined;
  const result = await measureFirstPageJs(dist);
  return {
    title: 'First page JavaScript (gzip)',
    rows: [
      ...result.files.map((f) => ({ file: f.file, bytes: f.bytes, gzip: f.gzipBytes })),
      { file: 'total', bytes: '', gzip: result.totalGzipBytes },
    ],
    notes: [
      'what /statements loads: the entry, the statements page chunk and their static imports',
      `budget ${result.budgetBytes} bytes gzip: ${result.withinBudget ? 'within' : 'OVER BUDGET'}`,
    ],
  };
}

console.log(`# npm run bench (Node ${process.version}, ${new Date().toISOString()})`);
printSection(await proxyBench());
const bundle = await bundleBench();
if (bundle) printSection(bundle);
else console.log('\n(dist/web is missing: run npm run build to measure the first page JavaScript)');
printSection(await runLedgerBench());
