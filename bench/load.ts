// A closed-loop HTTP load generator on undici: `concurrency` workers, each sending the next
// request as soon as the previous answer's body has been read. No extra binaries (wrk,
// autocannon); latencies are kept in microseconds, so percentiles are not rounded to whole ms.
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

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
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
        const response = await pool.request({
          method: 'GET',
          path: options.path,
          headers: options.headers,
        });
        await response.body.dump({ limit: 4 * 1024 * 1024 });
        if (measuring) {
          if (response.statusCode !== 200) errors += 1;
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
