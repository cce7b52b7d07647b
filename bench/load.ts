// Closed-loop HTTP load: `concurrency` connections, each sending the next request as soon as the
// previous answer has been read. wrk (C, one thread per core) when it is installed, since it
// takes less of the machine from the servers under test; otherwise (or BENCH_LOAD=undici) a load
// generator on undici in this process. Latencies are kept in microseconds either way.
import { execFile, execFileSync } from 'node:child_process';
import { Pool } from 'undici';

export interface LoadOptions {
  origin: string;
  path: string;
  headers?: Record<string, string>;
  concurrency: number;
  durationMs: number;
  warmupMs: number;
  /** Called when the measured window opens and closes (e.g. to read the server's CPU time). */
  onWindowStart?: () => Promise<void>;
  onWindowEnd?: () => Promise<void>;
}

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

let wrkFound: boolean | undefined;
/** Whether the run uses wrk (installed, and not BENCH_LOAD=undici). */
export function usesWrk(): boolean {
  if (process.env.BENCH_LOAD === 'undici') return false;
  if (wrkFound === undefined) {
    try {
      execFileSync('wrk', ['--version'], { stdio: 'ignore' });
      wrkFound = true;
    } catch (error) {
      // wrk --version prints its banner and exits 1; only a missing binary is ENOENT.
      wrkFound = (error as { code?: string }).code !== 'ENOENT';
    }
  }
  return wrkFound;
}

const UNIT_MS: Record<string, number> = { us: 1e-3, ms: 1, s: 1e3, m: 6e4 };
function wrkMs(output: string, percent: string): number {
  const match = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
  return match ? Number(match[1]) * UNIT_MS[match[2]!]! : NaN;
}

function wrk(options: LoadOptions, durationMs: number): Promise<LoadResult> {
  const args = [
    `-t${Math.min(2, options.concurrency)}`,
    `-c${options.concurrency}`,
    `-d${Math.max(1, Math.round(durationMs / 1000))}s`,
    '--latency',
    ...Object.entries(options.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    `${options.origin}${options.path}`,
  ];
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { maxBuffer: 1 << 20 }, (error, stdout) => {
      if (error) return reject(error);
      const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? NaN);
      const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
      const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/
        .exec(stdout)
        ?.slice(1)
        .reduce((sum, n) => sum + Number(n), 0);
      resolve({
        requests: requests - non2xx,
        errors: non2xx + (socketErrors ?? 0),
        rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN),
        p50Ms: wrkMs(stdout, '50'),
        p99Ms: wrkMs(stdout, '99'),
      });
    });
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (!usesWrk()) return runUndiciLoad(options);
  await wrk(options, options.warmupMs);
  await options.onWindowStart?.();
  const result = await wrk(options, options.durationMs);
  await options.onWindowEnd?.();
  return result;
}

async function runUndiciLoad(options: LoadOptions): Promise<LoadResult> {
  return closedLoop({
    ...options,
    send: async (pool) => {
      const response = await pool.request({
        method: 'GET',
        path: options.path,
        headers: options.headers,
      });
      await response.body.dump({ limit: 4 * 1024 * 1024 });
      return response.statusCode;
    },
  });
}

/**
 * The undici closed loop, for any request: `concurrency` workers, each calling `send` again as
 * soon as its last call answered (with the status code, the body read). Only the answers inside
 * the measured window count: a 200 as a latency, anything else (or a throw) as an error.
 */
export async function closedLoop(
  options: Omit<LoadOptions, 'path' | 'headers'> & { send: (pool: Pool) => Promise<number> },
): Promise<LoadResult> {
  const pool = new Pool(options.origin, {
    connections: options.concurrency,
    pipelining: 1,
    keepAliveTimeout: 30_000,
  });
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  let stopped = false;

  async function worker(): Promise<void> {
    while (!stopped) {
      const started = process.hrtime.bigint();
      try {
        const status = await options.send(pool);
        if (measuring) {
          if (status !== 200) errors += 1;
          else latencies.push(Number(process.hrtime.bigint() - started) / 1e3);
        }
      } catch {
        if (measuring) errors += 1;
      }
    }
  }

  const workers = Array.from({ length: options.concurrency }, () => worker());
  await new Promise((r) => setTimeout(r, options.warmupMs));
  await options.onWindowStart?.();
  measuring = true;
  const startedAt = process.hrtime.bigint();
  await new Promise((r) => setTimeout(r, options.durationMs));
  measuring = false;
  const elapsedS = Number(process.hrtime.bigint() - startedAt) / 1e9;
  await options.onWindowEnd?.();
  stopped = true;
  await Promise.all(workers);
  await pool.close();
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsedS,
    p50Ms: percentile(sorted, 50) / 1e3,
    p99Ms: percentile(sorted, 99) / 1e3,
  };
}
