import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createRuntime } from '../runtime';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock';
import { openStore, type OpenedStore } from './open-store';
import type { WithdrawalIntent } from './withdrawal-ledger-port';
import { createSqlWithdrawalLedger } from './sql-withdrawal-ledger';
import { openTestStore, TEST_DATABASE_URL } from './testing/test-stores';

// Issue 10, finding 2: one process per PGlite data directory (a lock taken at start, naming the
// holder), and a restart on a shared PostgreSQL marks unknown only the withdrawals whose lease
// ran out, never another live instance's in-flight ones.

const intent = (refId: string): WithdrawalIntent => ({
  refId,
  operator: { subject: 'alice@example.com', name: 'Alice' },
  requestHash: `hash-${refId}`,
  request: { ref_id: refId, crypto_network: 'ETHEREUM', amount: '1.00' },
});

/** The pid of a process that has exited (so no process has it, for a while at least). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('the data directory lock', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bff-lock-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second holder, naming the first; released on release()', () => {
    const lock = lockDataDir(dir);
    const owner = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as Record<string, unknown>;
    expect(owner).toMatchObject({ pid: process.pid, host: hostname() });
    expect(typeof owner.started_at).toBe('string');
    // A second open in this same process is refused as well.
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.ppid, host: hostname(), started_at: 'earlier' }),
    );
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`process ${process.ppid} on host ${hostname()}`),
    );
  });

  it('takes over a lock with our own pid that we do not hold (a restarted container, pid 1)', () => {
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.pid, host: hostname(), started_at: 'before the restart' }),
    );
    lockDataDir(dir).release();
  });

  it('replaces a stale lock whose process is gone (kill -9)', () => {
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: deadPid(), host: hostname(), started_at: 'earlier' }),
    );
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    lock.release();
  });

  it('the server refuses a held data directory in one line naming the holder', () => {
    const held = mkdtempSync(join(tmpdir(), 'bff-lock-held-'));
    try {
      writeFileSync(
        join(held, LOCK_FILE),
        JSON.stringify({ pid: 4242, host: 'other-host.example', started_at: 'earlier' }),
      );
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
        env: { PATH: process.env.PATH, DATA_DIR: held, PORT: '0', SANDBOX_PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Start-up refused: DATA_DIR .* is in use by process 4242 on host other-host\.example/,
      );
    } finally {
      rmSync(held, { recursive: true, force: true });
    }
  });

  it('never takes a lock held on another host (it cannot tell whether that process runs)', () => {
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: deadPid(), host: 'other-host.example', started_at: 'earlier' }),
    );
    expect(() => lockDataDir(dir)).toThrow(/on host other-host\.example/);
    rmSync(join(dir, LOCK_FILE));
  });
});

describe('two processes on one PGlite data directory', () => {
  let dir: string;
  let first: OpenedStore | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bff-pglite-'));
  });
  afterAll(async () => {
    await first?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the second open is refused with an error naming the first; after close it opens', async () => {
    first = await openStore({ dataDir: dir });
    await expect(openStore({ dataDir: dir })).rejects.toThrow(
      new RegExp(`DATA_DIR .* is in use by process ${process.pid} on host`),
    );
    // The lock went away with the store: the next start takes it.
    await first.close();
    first = await openStore({ dataDir: dir });
    expect(await first.ledger.list({})).toEqual({ withdrawals: [] });
  }, 120_000); // PGlite opens a data directory twice here: seconds each on a busy machine.
});

describe.skipIf(!TEST_DATABASE_URL)('a rolling restart on a shared PostgreSQL', () => {
  const SCHEMA = 'test_rolling_restart';
  let a: OpenedStore;
  let b: OpenedStore;
  beforeAll(async () => {
    a = await openTestStore('postgres', SCHEMA);
    b = await openTestStore('postgres', SCHEMA, { fresh: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  // The start-up itself, not only the ledger call: createRuntime on PostgreSQL must ask for the
  // lapsed leases only (the "mark all" of a locked PGlite directory would hit instance A).
  it("a BFF starting on the shared database leaves the other instance's in-flight withdrawal alone", async () => {
    const ledgerA = createSqlWithdrawalLedger(a.db, 'host-a:303:2026-01-01T00:00:00.000Z');
    const live = `runtime-live-${Date.now()}`;
    const lapsed = `runtime-lapsed-${Date.now()}`;
    await ledgerA.recordIntent(intent(live), { requestId: 'req-a3', leaseMs: 60_000 });
    await ledgerA.recordIntent(intent(lapsed), { requestId: 'req-a4', leaseMs: 1 });
    await a.db.query(`SELECT pg_sleep(0.02)`);

    const url = new URL(TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${SCHEMA}`);
    const runtime = await createRuntime(
      loadConfig({
        DATABASE_URL: url.toString(),
        TRANSFER_STATUS_REFRESH_MS: '0',
        LOG_LEVEL: 'silent',
      }),
    );
    try {
      const rows = await a.db.query<{ ref_id: string; status: string }>(
        `SELECT ref_id, status FROM withdrawals WHERE ref_id IN ($1, $2) ORDER BY ref_id`,
        [live, lapsed],
      );
      expect(rows).toEqual([
        { ref_id: lapsed, status: 'unknown' },
        { ref_id: live, status: 'submitting' },
      ]);
    } finally {
      await runtime.close();
    }
  }, 60_000);

  it("marks unknown only leases that ran out, never the other instance's in-flight withdrawal", async () => {
    const ledgerA = createSqlWithdrawalLedger(a.db, 'host-a:101:2026-01-01T00:00:00.000Z');
    const ledgerB = createSqlWithdrawalLedger(b.db, 'host-b:202:2026-01-01T00:00:00.000Z');
    const live = `live-${Date.now()}`;
    const lapsed = `lapsed-${Date.now()}`;
    await ledgerA.recordIntent(intent(live), { requestId: 'req-a', leaseMs: 60_000 });
    await ledgerA.recordIntent(intent(lapsed), { requestId: 'req-a2', leaseMs: 1 });
    await a.db.query(`SELECT pg_sleep(0.02)`);

    // Instance B starts (what createRuntime does on PostgreSQL).
    expect(await ledgerB.markInterruptedAsUnknown()).toBe(1);

    const rows = await b.db.query<{ ref_id: string; status: string; claimed_by: string | null }>(
      `SELECT ref_id, status, claimed_by FROM withdrawals WHERE ref_id IN ($1, $2) ORDER BY ref_id`,
      [live, lapsed],
    );
    expect(rows).toEqual([
      { ref_id: lapsed, status: 'unknown', claimed_by: null },
      { ref_id: live, status: 'submitting', claimed_by: 'host-a:101:2026-01-01T00:00:00.000Z' },
    ]);
    // A's call then finishes normally: its outcome is recorded, not lost to B's start.
    const record = await ledgerA.recordOutcome(
      live,
      1,
      { kind: 'created', transfer: { id: 't-live', status: 'PENDING' } as never, replayed: false },
      200,
    );
    expect(record.status).toBe('created');
  });
});
