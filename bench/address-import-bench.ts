// A 5,000-row address file imported through the BFF (issue 28 item 3), the `address-import`
// section of npm run bench: POST /api/addresses/import streams the file through papaparse and
// stores each checked row, so the BFF's memory must not grow with the file. The BFF as shipped
// (createRuntime + createApp) on PGlite in a temp dir, the local upstream in this process.
// ADDRESS_IMPORT_ROWS sets the count. `npx tsx bench/address-import-bench.ts` runs it alone.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Pool } from 'undici';
import { ADDRESS_CSV_COLUMNS } from '#contract/address-csv';
import { createSandbox, DEFAULT_CLIENT } from '#sandbox/index';
import { createApp } from '#bff/app';
import { loadConfig } from '#bff/config';
import { createLogger, logDestination } from '#bff/logger';
import { createRuntime } from '#bff/runtime';
import { V8_POLICY } from '#bff/v8-policy';
import type { BenchSection } from './bench-report';

const ROWS = Number(process.env.ADDRESS_IMPORT_ROWS ?? 5_000);

/**
 * Row `i`: a lower-case EVM address (no checksum to get wrong) from a hash, so no two rows start
 * and end alike (a look-alike of the file itself is flagged), and an institution beneficiary.
 */
function addressFile(rows: number): string {
  const line = (cells: Partial<Record<(typeof ADDRESS_CSV_COLUMNS)[number], string>>) =>
    ADDRESS_CSV_COLUMNS.map((column) => cells[column] ?? '').join(',');
  const lines = [ADDRESS_CSV_COLUMNS.join(',')];
  for (let i = 0; i < rows; i++)
    lines.push(
      line({
        network: 'ETHEREUM',
        address: `0x${createHash('sha1').update(`payout ${i}`).digest('hex')}`,
        nickname: `Payout ${i}`,
        bookmark: 'no',
        beneficiary_kind: 'institution',
        beneficiary_institution_name: `Customer ${i} GmbH`,
        custody: 'PRIVATE',
      }),
    );
  return `${lines.join('\n')}\n`;
}

export async function runAddressImportBench(): Promise<BenchSection> {
  // The BFF's own V8 policy, as server.ts applies it (the old generation grows to twice what is
  // live): without it V8 lets the import's garbage pile up (a 10,000-row file took this process's
  // heap to 361 MB; 50 MB after a forced GC, 4 MB over its start). The flags stay set for the rest
  // of the process: run.ts runs this section last.
  for (const flag of V8_POLICY) setFlagsFromString(flag);
  const sandbox = createSandbox();
  const upstream = await sandbox.listen(0, '127.0.0.1');
  const dir = mkdtempSync(join(tmpdir(), 'aoc-address-import-'));
  const config = loadConfig({
    UPSTREAM_BASE_URL: `${upstream.url}/v2`,
    UPSTREAM_TOKEN_URL: `${upstream.url}/oauth2/token`,
    UPSTREAM_CLIENT_ID: DEFAULT_CLIENT.client_id,
    UPSTREAM_CLIENT_SECRET: DEFAULT_CLIENT.client_secret,
    LOG_LEVEL: 'info',
    WEB_DIR: 'dist/web',
    APPROVAL_POLICY: 'none',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    DATA_DIR: dir,
  });
  const runtime = await createRuntime(config, {
    logger: createLogger(config.logLevel, logDestination('/dev/null')),
  });
  const server: Server = createServer(createApp(runtime.deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pool = new Pool(url, { connections: 1 });
  try {
    // The store opens on the first request: not part of the import's time or memory.
    await (await pool.request({ method: 'GET', path: '/api/audit?limit=1' })).body.dump();
    const file = addressFile(ROWS);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const res = await pool.request({
      method: 'POST',
      path: '/api/addresses/import',
      headers: { 'content-type': 'text/csv', 'x-csrf': '1' },
      body: file,
    });
    const answer = (await res.body.json()) as {
      import?: { rows?: number; counts?: Record<string, number> } & Record<string, unknown>;
    };
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    return {
      title: `Address book import: a ${ROWS.toLocaleString('en')}-row file through POST /api/addresses/import (PGlite)`,
      rows: [
        {
          rows: ROWS,
          status: res.statusCode,
          'file MB': mb(Buffer.byteLength(file)),
          seconds: seconds.toFixed(1),
          'rows/s': Math.round(ROWS / seconds),
          'RSS before MB': mb(rssBefore),
          'RSS peak MB': mb(rssPeak),
          'RSS growth MB': mb(rssPeak - rssBefore),
        },
      ],
      notes: [
        `The preview: every row parsed (papaparse, streamed), checked with the editor's schema, matched with the book and the service, look-alike checked, and stored; the answer carries the import and its first page of rows. Summary: ${JSON.stringify(answer.import ?? {}).slice(0, 300)}`,
        'RSS: this process (the BFF, PGlite and the client holding the file), sampled every 50 ms; the file itself is in memory before the start.',
      ],
    };
  } finally {
    await pool.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await runtime.close();
    await upstream.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printSection } = await import('./bench-report');
  printSection(await runAddressImportBench());
}
