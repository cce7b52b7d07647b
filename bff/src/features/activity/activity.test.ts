import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListActivityResponse, ReconciliationResponse } from '#contract/activity';
import type { ElsewhereAlertsResponse } from '#contract/elsewhere-alerts';
import type { Transfer } from '#contract/withdrawals';
import { BASIC_CLIENT_CREDENTIALS } from '#bff-test/test-bff-for-suite';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import { withdrawalBody } from '#bff-test/withdrawal-body';
import { createLogger } from '#bff/logger';
import type { OpenedStore } from '#bff/store/open-store';
import { openTestStore, ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { UpstreamFailure } from '#bff/upstream/upstream-client';
import { createCompanionFeatureGate } from '#bff/upstream/companion-features';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import { createElsewhereWatcher } from './elsewhere-watcher';

const PROFILE = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';
const logger = createLogger('silent');
let counter = 0;
const newRef = (label: string) => `${label}-${Date.now()}-${++counter}`;

describe.each(ALL_BACKENDS)('activity and reconciliation on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  let store: OpenedStore;
  let second: OpenedStore;
  let bff: TestBff;
  let basic: TestBff;

  beforeAll(async () => {
    store = await openTestStore(backend, 'test_activity');
    // PostgreSQL: a second instance on the same schema; PGlite: one process, the same store.
    second =
      backend === 'postgres'
        ? await openTestStore(backend, 'test_activity', { fresh: false })
        : store;
    const env = { WRITE_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' };
    bff = await startTestBff({ deps: { store }, env });
    basic = await startTestBff({
      deps: { store },
      env,
      ...BASIC_CLIENT_CREDENTIALS,
    });
  });
  afterAll(async () => {
    await bff?.close();
    await basic?.close();
    if (second !== store) await second?.close();
    await store?.close();
  });

  const reads = () => bff.sandbox.stats().requests['GET /v2/transfer/transfers'] ?? 0;

  async function madeElsewhere(amount = '0.01', refId?: string): Promise<Transfer> {
    const answer = await fetch(`${bff.sandboxUrl}/__sandbox/transfers/elsewhere`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        profile_id: PROFILE,
        asset: 'ETH',
        crypto_network: 'ETHEREUM',
        destination_address: '0x3A8e9b7c8d340626315788B48060469dFd080775',
        amount,
        ...(refId ? { ref_id: refId } : {}),
      }),
    });
    expect(answer.status).toBe(201);
    return (await answer.json()) as Transfer;
  }

  async function consoleWithdrawal(): Promise<string> {
    const refId = newRef('console');
    const created = await bff.request('POST', '/api/withdrawals', {
      body: withdrawalBody(refId, { asset: 'ETH', amount: '0.01' }),
    });
    expect(created.status).toBe(200);
    return refId;
  }

  it('lists every transfer, newest first, each marked console (with who) or elsewhere', async () => {
    const refId = await consoleWithdrawal();
    const elsewhere = await madeElsewhere();
    const answer = await bff.request('GET', '/api/transfers?limit=50');
    expect(answer.status).toBe(200);
    const body = answer.body as ListActivityResponse;
    const mine = body.items.find((i) => i.transfer.ref_id === refId);
    expect(mine).toMatchObject({ origin: 'console', console: { ref_id: refId, approvers: [] } });
    expect(mine?.console?.initiator).toBeTruthy();
    expect(body.items.find((i) => i.transfer.id === elsewhere.id)?.origin).toBe('elsewhere');
    const types = new Set(body.items.map((i) => i.transfer.type));
    expect(types.has('CRYPTO_DEPOSIT') && types.has('WIRE_DEPOSIT')).toBe(true);
    expect(typeof body.next_cursor).toBe('string');

    const deposits = (await bff.request('GET', '/api/transfers?type=CRYPTO_DEPOSIT'))
      .body as ListActivityResponse;
    expect(deposits.items.length).toBeGreaterThan(0);
    expect(deposits.items.every((i) => i.transfer.type === 'CRYPTO_DEPOSIT')).toBe(true);
    const paged = (await bff.request('GET', '/api/transfers?limit=2&order=asc'))
      .body as ListActivityResponse;
    expect(paged.items).toHaveLength(2);
    const next = (
      await bff.request('GET', `/api/transfers?limit=2&order=asc&cursor=${paged.next_cursor}`)
    ).body as ListActivityResponse;
    expect(next.items[0]?.transfer.id).not.toBe(paged.items[0]?.transfer.id);
  });

  it('takes several types and statuses at once, each passed on to the service', async () => {
    const answer = await bff.request(
      'GET',
      '/api/transfers?type=CRYPTO_DEPOSIT&type=WIRE_DEPOSIT&status=PENDING&status=COMPLETED&limit=200',
    );
    expect(answer.status).toBe(200);
    const items = (answer.body as ListActivityResponse).items;
    const types = new Set(items.map((i) => i.transfer.type));
    expect([...types].sort()).toEqual(['CRYPTO_DEPOSIT', 'WIRE_DEPOSIT']);
    const statuses = new Set(items.map((i) => i.transfer.status));
    // The seeded history has a PENDING and a COMPLETED deposit: both kinds come back.
    expect([...statuses].sort()).toEqual(['COMPLETED', 'PENDING']);
    const failed = await bff.request('GET', '/api/transfers?type=CRYPTO_DEPOSIT&status=FAILED');
    expect((failed.body as ListActivityResponse).items).toEqual([]);
  });

  it('reads one transfer with its origin; one the service does not know is a 404 problem', async () => {
    const refId = await consoleWithdrawal();
    const consoleTransfer = (await store.ledger.get(refId))!.transfer!;
    const mine = await bff.request('GET', `/api/transfers/${consoleTransfer.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      transfer: { id: consoleTransfer.id, ref_id: refId },
      origin: 'console',
      console: { ref_id: refId },
    });

    const elsewhere = await madeElsewhere('0.05');
    const theirs = await bff.request('GET', `/api/transfers/${elsewhere.id}`);
    expect(theirs.body).toMatchObject({ transfer: { id: elsewhere.id }, origin: 'elsewhere' });
    expect((theirs.body as { console?: unknown }).console).toBeUndefined();

    // A transfer without ref_id is matched by its id: a ledger record holding that transfer.
    const handMade = newRef('by-id');
    await store.db.query(
      `INSERT INTO withdrawals (ref_id, status, operator_subject, operator_name, request_hash, request, transfer)
       VALUES ($1, 'created', 'someone', 'Someone', 'h', '{}'::jsonb, $2::jsonb)`,
      [handMade, JSON.stringify({ id: elsewhere.id, status: 'PENDING' })],
    );
    expect(elsewhere.ref_id).toBeUndefined();
    const byId = await bff.request('GET', `/api/transfers/${elsewhere.id}`);
    expect(byId.body).toMatchObject({ origin: 'console', console: { ref_id: handMade } });
    const listed = (await bff.request('GET', '/api/transfers?limit=500'))
      .body as ListActivityResponse;
    expect(listed.items.find((i) => i.transfer.id === elsewhere.id)?.console?.ref_id).toBe(
      handMade,
    );

    const before = reads();
    const missing = await bff.request('GET', '/api/transfers/9f0e8d7c-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect(JSON.stringify(missing.body)).toContain('9f0e8d7c-0000-4000-8000-000000000000');
    const bad = await bff.request('GET', `/api/transfers/${encodeURIComponent('a b')}`);
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(reads()).toBe(before);
    expect((await basic.request('GET', `/api/transfers/${elsewhere.id}`)).status).toBe(403);
  });

  it('refuses bad filters with a problem and asks the service nothing', async () => {
    const before = reads();
    for (const query of [
      'status=NOPE',
      'created_from=yesterday',
      'colour=red',
      'type=lower',
      'limit=0',
    ]) {
      const answer = await bff.request('GET', `/api/transfers?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.headers['content-type']).toContain('application/problem+json');
    }
    expect(
      (
        await bff.request(
          'GET',
          '/api/reconciliation?from=2026-11-30T00:00:00Z&to=2026-11-01T00:00:00Z',
        )
      ).status,
    ).toBe(400);
    expect(reads()).toBe(before);
  });

  it('is off with the reason without the transfer read scope', async () => {
    const answer = await basic.request('GET', '/api/transfers');
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.body)).toContain('transfer:read_transfer');
  });

  it('reconciles the window in four groups', async () => {
    const matched = await consoleWithdrawal();
    const elsewhere = await madeElsewhere('0.02');
    // The ledger says created, the service lists nothing: a record written by hand for the test.
    const ghost = newRef('ghost');
    await store.db.query(
      `INSERT INTO withdrawals (ref_id, status, operator_subject, operator_name, request_hash, request, transfer)
       VALUES ($1, 'created', 'someone', 'Someone', 'h', $2::jsonb, $3::jsonb)`,
      [
        ghost,
        JSON.stringify({ asset: 'BTC', amount: '0.1' }),
        JSON.stringify({ id: `ghost-transfer-${ghost}`, status: 'PENDING' }),
      ],
    );
    // The ledger recorded COMPLETED; the service still says PENDING.
    const differs = await consoleWithdrawal();
    await store.db.query(
      `UPDATE withdrawals SET transfer = jsonb_set(transfer, '{status}', '"COMPLETED"') WHERE ref_id = $1`,
      [differs],
    );
    const answer = await bff.request('GET', '/api/reconciliation');
    expect(answer.status).toBe(200);
    const body = answer.body as ReconciliationResponse;
    expect(body.matched.some((r) => r.ledger?.ref_id === matched)).toBe(true);
    expect(body.service_only.some((r) => r.transfer?.id === elsewhere.id)).toBe(true);
    // Withdrawals first among the transfers the console did not make.
    const kinds = body.service_only.map((r) => String(r.transfer?.type).endsWith('_WITHDRAWAL'));
    expect(kinds.indexOf(false)).toBeGreaterThan(kinds.lastIndexOf(true));
    expect(body.ledger_only.map((r) => r.ledger?.ref_id)).toContain(ghost);
    expect(body.status_differs.find((r) => r.ledger?.ref_id === differs)).toMatchObject({
      ledger: { transfer_status: 'COMPLETED' },
      transfer: { status: 'PENDING' },
    });
    expect(body.counts.ledger_only).toBe(body.ledger_only.length);
  });

  /** An elsewhere watcher on a store, as the BFF runs it (a short interval, a month back). */
  function watcherOn(
    on: OpenedStore,
    instance: string,
    with_: { upstream: UpstreamClient; notifier: ApprovalNotifier; pageSize?: number },
  ) {
    return createElsewhereWatcher({
      watch: on.elsewhere!,
      ledger: on.activity!,
      audit: on.audit,
      upstream: with_.upstream,
      companion: createCompanionFeatureGate({ tokens: bff.deps.tokens, logger }),
      logger,
      notifier: with_.notifier,
      instance,
      intervalMs: 1000,
      lookbackMs: 30 * 86_400_000,
      ...(with_.pageSize ? { pageSize: with_.pageSize } : {}),
    });
  }

  const recorder = () => {
    const announced: string[] = [];
    const notifier: ApprovalNotifier = {
      notify: () => {},
      notifyElsewhere: (t) => void announced.push(t.id),
      drain: async () => {},
    };
    return { announced, notifier };
  };

  const alertIds = async () =>
    (
      (await bff.request('GET', '/api/transfers/elsewhere')).body as ElsewhereAlertsResponse
    ).items.map((i) => i.transfer_id);

  it('raises one alert per withdrawal made elsewhere, across two instances, a restart and a 429', async () => {
    const { announced, notifier } = recorder();
    let failing = false;
    const upstream: UpstreamClient = {
      ...bff.deps.upstream,
      async call(operation, options) {
        if (failing && operation === 'listTransfers')
          throw new UpstreamFailure('network', true, 'rate limited (429)');
        return bff.deps.upstream.call(operation, options);
      },
    };
    const watcher = (on: OpenedStore, instance: string) =>
      watcherOn(on, instance, { upstream, notifier, pageSize: 2 });
    const consoleRef = await consoleWithdrawal();
    const one = await madeElsewhere('0.03', newRef('script'));
    const a = watcher(store, 'instance-a');
    const b = watcher(second, 'instance-b');
    await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]);
    const alerts = async () =>
      (await bff.request('GET', '/api/transfers/elsewhere')).body as ElsewhereAlertsResponse;
    let found = await alerts();
    const ids = found.items.map((i) => i.transfer_id);
    expect(ids).toContain(one.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The console's own withdrawal is never an alert.
    const consoleTransfer = (await store.ledger.get(consoleRef))?.transfer;
    expect(ids).not.toContain(consoleTransfer?.id);
    expect([...announced].sort()).toEqual([...ids].sort());
    const audited = await store.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM audit_events WHERE action = 'transfer.elsewhere'`,
    );
    expect(Number(audited[0]!.n)).toBe(ids.length);

    // The service answers 429: nothing lost, the position stays; then the round catches up.
    failing = true;
    const two = await madeElsewhere('0.04');
    expect(await a.runOnce()).toBe(0);
    failing = false;
    // A restart: a new watcher on the same database (its position and alerts kept).
    const restarted = watcher(second, 'instance-c');
    await restarted.runOnce();
    await a.runOnce();
    found = await alerts();
    expect(found.items.filter((i) => i.transfer_id === two.id)).toHaveLength(1);
    expect(announced.filter((id) => id === two.id)).toHaveLength(1);
    expect(announced).toHaveLength(found.items.length);
    expect(found.unacknowledged).toBe(found.items.length);
    expect(found.watched_until).toBeDefined();

    const ack = await bff.request('POST', `/api/transfers/elsewhere/${two.id}/acknowledge`, {
      body: {},
    });
    expect(ack.status).toBe(204);
    expect((await alerts()).unacknowledged).toBe(found.items.length - 1);
    expect(
      (await bff.request('POST', `/api/transfers/elsewhere/${two.id}/acknowledge`, { body: {} }))
        .status,
    ).toBe(404);
  });

  it('says so when the service answers 429 or is down; the watcher resumes from its position', async () => {
    const { announced, notifier } = recorder();
    const watcher = watcherOn(store, 'instance-faults', { upstream: bff.deps.upstream, notifier });
    await watcher.runOnce();
    const before = await madeElsewhere('0.06');
    try {
      // A real 429 from the service, its Retry-After past what the client waits for.
      bff.sandbox.faults.set({ rateLimit: { retryAfterSeconds: 120 } });
      const limited = await bff.request('GET', '/api/transfers');
      expect(limited.status).toBe(429);
      expect(limited.headers['content-type']).toContain('application/problem+json');
      expect((await bff.request('GET', `/api/transfers/${before.id}`)).status).toBe(429);
      expect(await watcher.runOnce()).toBe(0);
      const during = await madeElsewhere('0.07');
      // The service down: every answer a 503.
      bff.sandbox.faults.set({ errorRate: 1, errorStatus: 503 });
      const down = await bff.request('GET', '/api/reconciliation');
      expect(down.status).toBeGreaterThanOrEqual(500);
      expect(down.headers['content-type']).toContain('application/problem+json');
      expect(await watcher.runOnce()).toBe(0);
      expect(await alertIds()).not.toContain(before.id);
      bff.sandbox.faults.clear();
      // Back: the next round picks up where the last good one stopped; nothing lost, nothing twice.
      await watcher.runOnce();
      await watcher.runOnce();
      const ids = await alertIds();
      expect(ids.filter((id) => id === before.id)).toHaveLength(1);
      expect(ids.filter((id) => id === during.id)).toHaveLength(1);
      expect(announced.filter((id) => id === before.id || id === during.id).sort()).toEqual(
        [before.id, during.id].sort(),
      );
    } finally {
      bff.sandbox.faults.clear();
    }
  });
});
