import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import {
  createSandbox,
  BASIC_CLIENT,
  SAMPLE_ADDRESSES,
  SEED_IDS,
  type RunningSandbox,
  type Sandbox,
} from '#sandbox/index';
import {
  dropSchema,
  TEST_DATABASE_URL,
  ALL_BACKENDS,
  skipWithoutServer,
} from '#bff/store/testing/test-stores';

// The BFF as a real process (node + tsx, the same entry point as npm start) against an upstream
// that outlives it: the test kills the BFF after the upstream committed the transfer and before
// the ledger recorded the outcome, restarts it on the same database, and checks the withdrawal.

const SCHEMA = 'test_withdrawals_crash';
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

/** The backoff before the client's retry is the window in which the process is killed. */
const CHILD_TUNING = {
  UPSTREAM_MAX_ATTEMPTS: '2',
  UPSTREAM_BACKOFF_BASE_MS: '4000',
  UPSTREAM_BACKOFF_MAX_MS: '4000',
  UPSTREAM_CONNECT_TIMEOUT_MS: '500',
  UPSTREAM_HEADERS_TIMEOUT_MS: '1000',
  UPSTREAM_BODY_TIMEOUT_MS: '1000',
  UPSTREAM_RETRY_AFTER_CAP_MS: '0',
};

interface Child {
  process: ChildProcess;
  url: string;
  output: () => string;
}

function startBff(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    // tsx compiles the whole BFF first: more than 60 s on a loaded machine (29 November).
    const timer = setTimeout(() => reject(new Error(`BFF did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Asset Ops Console: http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ process: child, url: `http://127.0.0.1:${match[1]}`, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`BFF exited (${code}):\n${output}`));
    });
  });
}

async function stop(child: Child | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill(signal);
  await exited;
}

async function api(child: Child, method: string, path: string, body?: unknown) {
  const res = await fetch(child.url + path, {
    method,
    headers: { 'x-csrf': '1', ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(ALL_BACKENDS)('a BFF killed mid-withdrawal, on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  let sandbox: Sandbox;
  let running: RunningSandbox;
  let dataDir: string;
  let env: Record<string, string>;
  const children: Child[] = [];

  beforeAll(async () => {
    sandbox = createSandbox();
    running = await sandbox.listen(0, '127.0.0.1');
    dataDir = mkdtempSync(join(tmpdir(), 'aoc-crash-'));
    let database: Record<string, string> = { DATA_DIR: dataDir };
    if (backend === 'postgres') {
      const url = TEST_DATABASE_URL!;
      await dropSchema(url, SCHEMA);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`CREATE SCHEMA ${SCHEMA}`);
      await client.end();
      const withSchema = new URL(url);
      withSchema.searchParams.set('options', `-c search_path=${SCHEMA}`);
      database = { DATABASE_URL: withSchema.toString() };
    }
    env = {
      ...database,
      ...CHILD_TUNING,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      UPSTREAM_BASE_URL: `${running.url}/v2`,
      UPSTREAM_TOKEN_URL: `${running.url}/oauth2/token`,
      // Without the transfer read: the unknown outcome stays unknown until checked again by
      // resending (the read that settles it by itself has its own tests).
      UPSTREAM_CLIENT_ID: BASIC_CLIENT.client_id,
      UPSTREAM_CLIENT_SECRET: BASIC_CLIENT.client_secret,
      APPROVAL_POLICY: 'none',
    };
  }, 60_000);

  afterAll(async () => {
    for (const child of children) await stop(child, 'SIGKILL');
    await running?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (backend === 'postgres') await dropSchema(TEST_DATABASE_URL!, SCHEMA);
  });

  it('after a restart the withdrawal reads unknown; checking again gives exactly one transfer', async () => {
    const refId = `crash-${backend}-${Date.now()}`;
    const body = {
      profile_id: SEED_IDS.exampleProfile,
      destination_address: SAMPLE_ADDRESSES.evmB,
      crypto_network: 'ETHEREUM',
      asset: 'USDG',
      amount: '12.34',
      ref_id: refId,
    };

    const first = await startBff(env);
    children.push(first);
    // The upstream commits the transfer and drops the connection: the BFF will retry after its
    // backoff, and is killed before it does (so before the outcome is written).
    sandbox.faults.set({ dropAfterCreate: 1 });
    const pending = api(first, 'POST', '/api/withdrawals', body).catch((error: Error) => error);
    await until(
      'the upstream transfer',
      async () => (sandbox.transfers({ ref_id: refId }).length === 1 ? true : undefined),
      30_000,
    );
    await stop(first, 'SIGKILL');
    expect(await pending).toBeInstanceOf(Error);
    sandbox.faults.clear();

    const second = await startBff(env);
    children.push(second);
    // PGlite: the restart marks it at once. PostgreSQL (shared by instances): once the dead
    // attempt's lease has run out, since another live instance could still be holding it.
    const unknown = await until(
      'the record to read unknown',
      async () => {
        const res = await api(second, 'GET', `/api/withdrawals/${refId}`);
        const record = res.body as WithdrawalRecord;
        return record.status === 'unknown' ? record : undefined;
      },
      backend === 'pglite' ? 1_000 : 40_000,
    );
    expect(unknown.attempts?.[0]).toMatchObject({ number: 1, result: 'unknown' });
    expect(unknown.transfer).toBeUndefined();

    const again = await api(second, 'POST', '/api/withdrawals', body);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const upstream = sandbox.transfers({ ref_id: refId });
    expect(upstream).toHaveLength(1);
    expect((again.body as { id: string }).id).toBe(upstream[0]!.id);
    const record = (await api(second, 'GET', `/api/withdrawals/${refId}`)).body as WithdrawalRecord;
    expect(record.status).toBe('created');
    expect(record.attempts?.map((a) => a.result)).toEqual(['unknown', 'replayed']);
    await stop(second, 'SIGTERM');
  }, 300_000);
});
