// Batch withdrawals (issue 28) through createApp against the local upstream: a harness the batch
// tests share. The app's background tasks are collected and run by hand; the upstream can "die"
// after a send reached the service (the process is gone: the call never comes back); a restart
// is a fresh app on the same database after the start-up's recovery.
import { expect } from 'vitest';
import { SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';
import type { WithdrawalBatch } from '#contract/withdrawal-batches';
import type { BackgroundTasks } from '#bff/lib/background-tasks';
import type { PeriodicTask } from '#bff/lib/periodic-task';
import type { OpenedStore } from '#bff/store/open-store';
import { recoverInterruptedWork } from '#bff/store/recover-interrupted';
import { openTestStore, type Backend } from '#bff/store/testing/test-stores';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { person } from './sso-people';
import { startTestBff, type TestBff } from './start-test-bff';
import { trustedHeaderEnv } from './trusted-header-bff';

export const BATCH_POLICY = {
  withdrawals: { require: 'tiers', tiers: [{ asset: 'USDG', above: '100', approvals: 1 }] },
  addresses: { new_addresses: true, travel_rule_changes: true, approvals: 1 },
  request_ttl_minutes: 60,
};

export const BATCH_ENV = trustedHeaderEnv(
  'viewer=ops;address-editor=ops;withdrawal-initiator=ops;withdrawal-approver=approvers;address-approver=approvers',
  BATCH_POLICY,
);

export const ANA = person('ana', 'ops,approvers');
export const BEN = person('ben', 'ops,approvers');

/** A batch file of `rows` rows of `amount` USDG to the seeded address; `tag` makes it unique. */
export function batchCsv(tag: string, rows: number, amount = '0.01'): string {
  const lines = ['profile,asset,network,destination,amount,total,memo,metadata,ref_id'];
  for (let i = 1; i <= rows; i++)
    lines.push(
      `${SEED_IDS.exampleProfile},USDG,ETHEREUM,${SAMPLE_ADDRESSES.evmA},${amount},,${tag}-${i},run=${tag},`,
    );
  return `${lines.join('\r\n')}\r\n`;
}

export interface BatchHarness {
  bff: TestBff;
  store: OpenedStore;
  /** The app in use (after a restart, the fresh one): its tasks run by `round`. */
  round(): Promise<number>;
  /** Rounds until the batch has nothing left to send. */
  sendAll(id: string, maxRounds?: number): Promise<WithdrawalBatch>;
  /** A fresh app on the same database, as a restart would build it (the old one is "dead"). */
  restart(): Promise<void>;
  /** Upstream sends from here on reach the service and never answer. */
  dieAfterSend(on: boolean): void;
  stuck(): number;
  upload(csv: string, who?: Record<string, string>): ReturnType<TestBff['request']>;
  post(path: string, who?: Record<string, string>): ReturnType<TestBff['request']>;
  get(id: string): Promise<WithdrawalBatch>;
  creates(): number;
  close(): Promise<void>;
}

export async function startBatchHarness(
  backend: Backend,
  schema: string,
  /** On top of BATCH_ENV (another APPROVAL_POLICY). */
  env: Record<string, string> = {},
): Promise<BatchHarness> {
  const store = await openTestStore(backend, schema);
  let die = false;
  let stuck = 0;
  const wrap = (real: UpstreamClient): UpstreamClient => ({
    close: () => real.close(),
    async call(operation, options) {
      if (!die || operation !== 'createWithdrawal') return real.call(operation, options);
      await real.call(operation, options);
      stuck++;
      return new Promise(() => {});
    },
  });
  let tasks: PeriodicTask[] = [];
  const background: BackgroundTasks = { add: (task) => void tasks.push(task) };
  const bff = await startTestBff({
    deps: { store, background },
    env: { ...BATCH_ENV, ...env },
    wrapUpstream: wrap,
  });
  // The requests of the app in use: the first one's server, or the restarted app's.
  let server = bff;
  const round = async () =>
    (await Promise.all(tasks.map((t) => t.runOnce()))).reduce((a, b) => a + b, 0);
  const get = async (id: string) => {
    const res = await server.request('GET', `/api/withdrawal-batches/${id}`, { headers: ANA });
    expect(res.status).toBe(200);
    return res.body as WithdrawalBatch;
  };
  const apps: TestBff[] = [];
  return {
    bff,
    store,
    round,
    get,
    async sendAll(id, maxRounds = 2_000) {
      for (let i = 0; i < maxRounds; i++) {
        await round();
        const batch = await get(id);
        if (batch.status !== 'sending') return batch;
      }
      throw new Error(`batch ${id} was not sent in ${maxRounds} rounds`);
    },
    async restart() {
      die = false;
      // The dead instance's leases ran out (PostgreSQL), or the restart's recovery (PGlite).
      if (backend === 'postgres') {
        await store.db.query(
          `UPDATE withdrawals SET claimed_until = now() - interval '1 second' WHERE status = 'submitting'`,
        );
        await store.db.query(
          `UPDATE withdrawal_batch_rows SET claimed_until = now() - interval '1 second' WHERE state = 'sending'`,
        );
      }
      await recoverInterruptedWork(store, { all: backend === 'pglite' });
      tasks = [];
      // The fresh app talks to the first one's sandbox (its deps: the same upstream client).
      const fresh = await startTestBff({
        deps: { ...bff.deps, store, background },
        env: { ...BATCH_ENV, ...env },
      });
      apps.push(fresh);
      server = fresh;
    },
    dieAfterSend: (on) => {
      die = on;
    },
    stuck: () => stuck,
    upload: (csv, who = ANA) =>
      server.request('POST', '/api/withdrawal-batches', {
        headers: { ...who, 'content-type': 'text/csv' },
        body: csv,
      }),
    post: (path, who = ANA) => server.request('POST', path, { headers: who, body: {} }),
    creates: () => bff.sandbox.stats().withdrawalsCreated,
    async close() {
      for (const app of apps) await app.close();
      await bff.close();
      await store.close();
    },
  };
}
