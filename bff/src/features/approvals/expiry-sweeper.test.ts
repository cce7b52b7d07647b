import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HeldForApprovalResponseSchema, type ApprovalRequest } from '#contract/approvals';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import { createLogger } from '#bff/logger';
import type { OpenedStore } from '#bff/store/open-store';
import type { ApprovalStore } from '#bff/store/approval-port';
import { openTestStore, ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';
import { createApprovalExpirySweeper } from './expiry-sweeper';
import { withdrawalBody } from '#bff-test/withdrawal-body';

// The background sweeper records an expiry even when nobody looks at the queue (issue 12). There
// is no injected clock: a request's expiry is the database's now() against expires_at, so the
// tests move expires_at into the past instead of moving time forward.

const SCHEMA = 'test_approval_expiry_sweeper';

let counter = 0;
const newRef = (label: string) => `${label}-${Date.now()}-${++counter}`;

/** A notifier that only remembers what it was told. */
function recordingNotifier() {
  const told: Array<{ event: string; approval: ApprovalRequest }> = [];
  const notifier: ApprovalNotifier = {
    notify: (event, approval) => void told.push({ event, approval }),
    drain: async () => {},
  };
  return { told, notifier };
}

function quietLogger() {
  const lines: string[] = [];
  return {
    lines,
    logger: createLogger('warn', { write: (line: string) => void lines.push(line) }),
  };
}

describe.each(ALL_BACKENDS)('the approval expiry sweeper on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  let store: OpenedStore;
  let approvals: ApprovalStore;
  let bff: TestBff;

  beforeAll(async () => {
    store = await openTestStore(backend, SCHEMA);
    approvals = store.approvals!;
    // Local dev mode: every withdrawal is held; the second local operator may approve.
    bff = await startTestBff({
      deps: { store },
      env: {
        APPROVAL_POLICY: JSON.stringify({
          withdrawals: { require: 'always' },
          addresses: { new_addresses: false, travel_rule_changes: false },
        }),
        WRITE_RATE_LIMIT_PER_MINUTE: '100000',
        LOG_LEVEL: 'warn',
      },
    });
  });
  afterAll(async () => {
    await bff?.close();
    await store?.close();
  });

  const upstreamCreates = () =>
    bff.sandbox.stats().requests['POST /v2/transfer/crypto-withdrawals'] ?? 0;
  async function hold(refId: string): Promise<ApprovalRequest> {
    const res = await bff.request('POST', '/api/withdrawals', {
      body: withdrawalBody(refId, { amount: '12.00' }),
    });
    expect(res.status).toBe(202);
    return HeldForApprovalResponseSchema.parse(res.body).approval;
  }
  const backdate = (id: string) =>
    store.db.query(
      `UPDATE approval_requests SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [id],
    );
  const expiryEvents = (refId: string) =>
    store.db.query<{ operator_subject: string; outcome: string; request_id: string }>(
      `SELECT operator_subject, outcome, request_id FROM audit_events
        WHERE target = $1 AND action = 'approval.expire' ORDER BY id`,
      [refId],
    );

  it('expires a pending request whose time ran out, audits it once by "system", tells the notifier, and never sends it', async () => {
    const overdueRef = newRef('sweep-overdue');
    const currentRef = newRef('sweep-current');
    const overdue = await hold(overdueRef);
    const current = await hold(currentRef);
    await backdate(overdue.id);
    const before = upstreamCreates();
    const { told, notifier } = recordingNotifier();
    const { logger } = quietLogger();
    const sweeper = createApprovalExpirySweeper({
      approvals,
      audit: store.audit,
      logger,
      notifier,
      intervalMs: 60_000,
    });

    expect(await sweeper.runOnce()).toBe(1);

    const expired = (await approvals.get(overdue.id))!.approval;
    expect(expired.status).toBe('expired');
    expect(expired.history.map((e) => e.kind)).toEqual(['requested', 'expired']);
    expect((await approvals.get(current.id))!.approval.status).toBe('pending');
    expect(await store.ledger.get(overdueRef)).toMatchObject({ status: 'not_sent', attempts: [] });
    expect(await store.ledger.get(currentRef)).toMatchObject({ status: 'awaiting_approval' });
    const events = await expiryEvents(overdueRef);
    expect(events).toEqual([
      {
        operator_subject: 'system',
        outcome: 'expired',
        request_id: expect.stringMatching(/^sweep-/),
      },
    ]);
    expect(await expiryEvents(currentRef)).toEqual([]);
    expect(told).toEqual([
      {
        event: 'decided',
        approval: expect.objectContaining({ id: overdue.id, status: 'expired' }),
      },
    ]);

    // Nothing more to do: a second round expires nothing and audits nothing again.
    expect(await sweeper.runOnce()).toBe(0);
    expect(await expiryEvents(overdueRef)).toHaveLength(1);

    // An approver arriving late is told it expired; the withdrawal is still never sent.
    const late = await bff.request('POST', `/api/approvals/${overdue.id}/approve`, {
      headers: { 'x-dev-operator': 'second-operator' },
      body: {},
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ approval_status: 'expired' });
    // So is the initiator submitting the same ref_id again.
    expect(await hold(overdueRef)).toMatchObject({ id: overdue.id, status: 'expired' });
    expect(upstreamCreates()).toBe(before);
    expect(bff.sandbox.transfers({ ref_id: overdueRef })).toHaveLength(0);
    expect(await store.ledger.get(overdueRef)).toMatchObject({ status: 'not_sent', attempts: [] });
    expect(await expiryEvents(overdueRef)).toHaveLength(1);
  });

  it('once started, it sweeps on its own timer; stop() ends it', async () => {
    const refId = newRef('sweep-timer');
    const approval = await hold(refId);
    await backdate(approval.id);
    const { logger } = quietLogger();
    const sweeper = createApprovalExpirySweeper({
      approvals,
      audit: store.audit,
      logger,
      intervalMs: 20,
    });
    sweeper.start();
    try {
      for (let i = 0; i < 200; i++) {
        if ((await approvals.get(approval.id))?.approval.status === 'expired') break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await sweeper.stop();
    }
    expect((await approvals.get(approval.id))?.approval.status).toBe('expired');
    expect(await expiryEvents(refId)).toHaveLength(1);
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(0);

    // Stopped: a request that runs out afterwards is left for the next sweep (or read). A sweeper
    // on a controllable clock, started and stopped: ten intervals on, it has not looked (and no
    // timer of it is left), where a running one would have swept at the first.
    const laterRef = newRef('sweep-stopped');
    const later = await hold(laterRef);
    await backdate(later.id);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const expireDue = vi.fn(() => approvals.expireDue());
      const stopped = createApprovalExpirySweeper({
        approvals: { ...approvals, expireDue },
        audit: store.audit,
        logger,
        intervalMs: 20,
      });
      stopped.start();
      expect(vi.getTimerCount()).toBe(1);
      await stopped.stop();
      vi.advanceTimersByTime(200);
      expect(vi.getTimerCount()).toBe(0);
      expect(expireDue).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
    expect((await approvals.get(later.id))?.approval.status).toBe('pending');
    await store.db.query(
      `UPDATE approval_requests SET expires_at = now() + interval '1 hour' WHERE id = $1`,
      [later.id],
    );
  });

  it('two instances sweeping at the same moment expire each request once', async () => {
    const refs = [newRef('sweep-race'), newRef('sweep-race'), newRef('sweep-race')];
    for (const refId of refs) await backdate((await hold(refId)).id);
    // On PostgreSQL the second instance has its own connection; PGlite is one process's database,
    // so there both sweepers share the opened store.
    const second =
      backend === 'postgres' ? await openTestStore('postgres', SCHEMA, { fresh: false }) : store;
    try {
      const { logger } = quietLogger();
      const sweepers = [store, second].map((s) =>
        createApprovalExpirySweeper({
          approvals: s.approvals!,
          audit: s.audit,
          logger,
          intervalMs: 60_000,
        }),
      );
      const counts = await Promise.all(sweepers.map((s) => s.runOnce()));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(refs.length);
      for (const refId of refs) {
        expect(await expiryEvents(refId)).toHaveLength(1);
        expect(await store.ledger.get(refId)).toMatchObject({ status: 'not_sent' });
      }
    } finally {
      if (second !== store) await second.close();
    }
  });

  it('a round that fails is logged as a warning and counts 0: the process goes on', async () => {
    const { lines, logger } = quietLogger();
    const sweeper = createApprovalExpirySweeper({
      approvals: {
        ...approvals,
        expireDue: () => Promise.reject(new Error('database unavailable')),
      },
      audit: store.audit,
      logger,
      intervalMs: 60_000,
    });
    expect(await sweeper.runOnce()).toBe(0);
    expect(lines.join('')).toMatch(/could not expire approval requests/);
  });
});
