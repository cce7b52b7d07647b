// The BFF as shipped (runtime + createApp, request logging at info level), in front of the
// bench's cached upstream as a configured remote upstream, in the identity mode BENCH_AUTH_MODE
// (dev, trusted-header, or jwt with the bench's ES256 key served as a JWKS by the upstream).
// Logs go to /dev/null: their cost is measured, their volume is not printed.
// First, as in server.ts: the V8 settings the shipped BFF runs with.
import '#bff/v8-policy-applied';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '#bff/app';
import { loadConfig } from '#bff/config';
import { createLogger, logDestination } from '#bff/logger';
import { createRuntime } from '#bff/runtime';
import { BENCH_JWT } from './bench-clients';
import { memoryAfterGc, serveParent } from './child-protocol';

const upstream = process.env.BENCH_UPSTREAM_URL!;
const mode = process.env.BENCH_AUTH_MODE ?? 'dev';
const identity: Record<string, string> =
  mode === 'trusted-header'
    ? {
        AUTH_MODE: 'trusted-header',
        TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
        // Required outside dev mode (the CSRF Origin check); the bench's reads never send one.
        PUBLIC_ORIGIN: 'https://ops.bench.example',
        ROLE_GROUPS: `viewer=${BENCH_JWT.groups.join(',')}`,
      }
    : mode === 'jwt'
      ? {
          AUTH_MODE: 'jwt',
          JWT_HEADER: BENCH_JWT.header,
          JWT_JWKS_URL: `${upstream}/.well-known/jwks.json`,
          JWT_ISSUER: BENCH_JWT.issuer,
          JWT_AUDIENCE: BENCH_JWT.audience,
          JWT_ALGORITHMS: 'ES256',
          PUBLIC_ORIGIN: 'https://ops.bench.example',
          ROLE_GROUPS: `viewer=${BENCH_JWT.groups.join(',')}`,
        }
      : { AUTH_MODE: 'dev' };
const config = loadConfig({
  UPSTREAM_BASE_URL: `${upstream}/v2`,
  UPSTREAM_TOKEN_URL: `${upstream}/oauth2/token`,
  // One client per identity mode (and per instance: the idle-memory one has its own), so the
  // upstream counts each BFF's token requests apart.
  UPSTREAM_CLIENT_ID: `bench-bff-${mode}${process.env.BENCH_INSTANCE ? `-${process.env.BENCH_INSTANCE}` : ''}`,
  UPSTREAM_CLIENT_SECRET: 'bench-bff-secret',
  DATA_DIR: process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'aoc-bench-')),
  LOG_LEVEL: 'info',
  WEB_DIR: 'dist/web',
  EXPORT_MAX_PAGES: '100000',
  APPROVAL_POLICY: 'none',
  // The store on PostgreSQL instead of PGlite (issue 41 item 4 measures the BFF's memory on both).
  ...(process.env.BENCH_PROXY_DATABASE_URL
    ? { DATABASE_URL: process.env.BENCH_PROXY_DATABASE_URL }
    : {}),
  ...identity,
});
// The destination as shipped (logDestination: batched writes), pointed at /dev/null.
const logger = createLogger(config.logLevel, logDestination('/dev/null'));
const started = performance.now();
const runtime = await createRuntime(config, { logger });
const runtimeMs = performance.now() - started;
const server = createServer(createApp(runtime.deps));
server.listen(0, '127.0.0.1', () => {
  // Stopped with its store closed: the next instance on this DATA_DIR starts as after a clean
  // shutdown (the idle-memory instance is followed by the measured one), not with a recovery.
  serveParent(
    (what) => (what === 'stats' ? { runtimeMs } : memoryAfterGc()),
    () => runtime.close(),
  );
  process.send!({
    type: 'ready',
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
});
