import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEED_IDS } from '#sandbox/index';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('server.ts', () => {
  it('starts the local upstream and the metrics listener, and on SIGTERM lets an in-flight request finish, then exits 0', async () => {
    const [port, sandboxPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    const child = spawn(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        SANDBOX_PORT: String(sandboxPort),
        METRICS_PORT: String(metricsPort),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'aoc-server-')),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start: ${stdout} ${stderr}`)), 45_000);
        child.stdout.on('data', () => {
          if (stdout.includes('Asset Ops Console: http://')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      expect(stdout).toContain('(Local sandbox)');
      const base = `http://127.0.0.1:${port}`;
      // Metrics on their own loopback listener, not on the API port.
      const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('bff_http_request_duration_seconds');
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      // A slow upstream: the read is still in flight when SIGTERM arrives.
      const fault = await fetch(`http://127.0.0.1:${sandboxPort}/__sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ latencyMs: 1500 }),
      });
      expect(fault.status).toBe(200);
      const inFlight = fetch(
        `${base}/api/statements?customer_id=${SEED_IDS.exampleCustomer}&limit=1`,
        { headers: { 'x-csrf': '1' } },
      );
      // SIGTERM once the read has reached the upstream (counted on arrival, before its latency).
      const deadline = Date.now() + 10_000;
      for (;;) {
        const stats = (await (
          await fetch(`http://127.0.0.1:${sandboxPort}/__sandbox/stats`)
        ).json()) as { requests: Record<string, number> };
        if (Object.keys(stats.requests).some((route) => route.includes('/statements'))) break;
        if (Date.now() > deadline)
          throw new Error('the statements read never reached the upstream');
        await new Promise((r) => setTimeout(r, 50));
      }
      child.kill('SIGTERM');
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(((await res.json()) as { statements: unknown[] }).statements).toHaveLength(1);
      expect(await exited).toBe(0);
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
