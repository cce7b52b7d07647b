import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';
import {
  BASIC_CLIENT_CREDENTIALS,
  storeAndBffForSuite,
  testBffForSuite,
} from '#bff-test/test-bff-for-suite';
import { createApp } from '#bff/app';
import {
  openTestStore,
  TEST_BACKENDS,
  ALL_BACKENDS,
  skipWithoutServer,
} from '#bff/store/testing/test-stores';
import { withdrawalBody } from '#bff-test/withdrawal-body';

const SCHEMA = 'test_withdrawals_http';
const SCHEMA_TWO = 'test_withdrawals_two_instances';

let counter = 0;
const newRef = (label: string) => `${label}-${Date.now()}-${++counter}`;

function withdrawal(refId: string, overrides: Record<string, unknown> = {}) {
  return withdrawalBody(refId, overrides);
}

describe.each(ALL_BACKENDS)('POST /api/withdrawals on %s', (backend) => {
  if (skipWithoutServer(backend)) return;

  const { store, bff } = storeAndBffForSuite(backend, SCHEMA, () => ({
    env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' },
    // The three operations only: lost answers are settled by resending (the 409). With the
    // transfer read they are settled by reading: transfer-status.test.ts.
    ...BASIC_CLIENT_CREDENTIALS,
  }));
  beforeEach(() => {
    bff.sandbox.faults.clear();
  });

  const submit = (body: unknown) => bff.request('POST', '/api/withdrawals', { body });
  const upstreamCreates = () =>
    bff.sandbox.stats().requests['POST /v2/transfer/crypto-withdrawals'] ?? 0;
  const auditOf = async (target: string) =>
    store.db.query<{ outcome: string; upstream_status: number | null; request_hash: string }>(
      'SELECT outcome, upstream_status, request_hash FROM audit_events WHERE target = $1 ORDER BY id',
      [target],
    );
  const record = async (refId: string) =>
    (await bff.request('GET', `/api/withdrawals/${refId}`)).body as WithdrawalRecord;

  it('an invalid body is a 400 problem, nothing is forwarded, and the attempt is audited', async () => {
    const refId = newRef('invalid');
    const before = upstreamCreates();
    const res = await submit(withdrawal(refId, { amount: '1e3' }));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect((res.body as { errors: Array<{ path: string }> }).errors.map((e) => e.path)).toContain(
      'amount',
    );
    const noRef = await submit({ ...withdrawal(refId), ref_id: undefined });
    expect(noRef.status).toBe(400);
    expect(upstreamCreates()).toBe(before);
    expect((await bff.request('GET', `/api/withdrawals/${refId}`)).status).toBe(404);
    expect((await auditOf(refId)).map((e) => e.outcome)).toEqual(['rejected']);
  });

  it('an ETH amount with 19 decimals is a 400 naming the precision; nothing is forwarded', async () => {
    const before = upstreamCreates();
    const res = await submit(
      withdrawal(newRef('precise'), { asset: 'ETH', amount: `0.${'1'.repeat(19)}` }),
    );
    expect(res.status).toBe(400);
    expect((res.body as { errors: Array<{ path: string; message: string }> }).errors).toEqual([
      { path: 'amount', message: 'ETH takes at most 18 decimal places; this amount has 19' },
    ]);
    expect(upstreamCreates()).toBe(before);
  });

  it("the upstream's limit problem reaches the operator with its type and meta.limit", async () => {
    const res = await submit(withdrawal(newRef('limit'), { asset: 'ETH', amount: '1000000.5' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      type: 'https://developer.paxos.com/docs/v2/problems/exceed-max-withdraw-limit',
      title: 'Withdrawal Amount Too Large',
      meta: { limit: '1000000', amount: '1000000.5' },
    });
  });

  it('records the intent, creates the transfer, records the outcome and one audit event', async () => {
    const refId = newRef('create');
    const res = await submit(withdrawal(refId));
    expect(res.status).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    const transfer = res.body as { id: string; ref_id: string; amount: string };
    expect(transfer).toMatchObject({ ref_id: refId, amount: '25.00' });
    const saved = await record(refId);
    expect(saved).toMatchObject({
      ref_id: refId,
      status: 'created',
      operator: { subject: 'local-operator' },
      transfer: { id: transfer.id },
    });
    expect(saved.attempts).toEqual([
      expect.objectContaining({ number: 1, result: 'created', upstream_status: 200 }),
    ]);
    const events = await auditOf(refId);
    expect(events).toEqual([
      { outcome: 'created', upstream_status: 200, request_hash: saved.request_hash },
    ]);
  });

  it('20 concurrent submits of one ref_id create exactly one upstream transfer', async () => {
    const refId = newRef('concurrent');
    const before = upstreamCreates();
    bff.sandbox.faults.set({ latencyMs: 150 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => submit(withdrawal(refId))),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const ids = new Set(responses.map((r) => (r.body as { id: string }).id));
    expect(ids.size).toBe(1);
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
    // One upstream call, not twenty calls of which nineteen meet a 409.
    expect(upstreamCreates() - before).toBe(1);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect((await record(refId)).attempts).toHaveLength(1);
    const events = await auditOf(refId);
    expect(events).toHaveLength(20);
    expect(events.filter((e) => e.outcome === 'created')).toHaveLength(1);
  });

  it('create-then-drop: the retry with the same ref_id meets 409 Already Exists and answers the transfer', async () => {
    const refId = newRef('drop');
    bff.sandbox.faults.set({ dropAfterCreate: 1 });
    const res = await submit(withdrawal(refId));
    expect(res.status).toBe(200);
    expect(res.headers['idempotent-replayed']).toBe('true');
    const upstream = bff.sandbox.transfers({ ref_id: refId });
    expect(upstream).toHaveLength(1);
    expect((res.body as { id: string }).id).toBe(upstream[0]!.id);
    const saved = await record(refId);
    expect(saved.status).toBe('created');
    expect(saved.attempts?.[0]).toMatchObject({ result: 'replayed', upstream_status: 409 });
    expect((await auditOf(refId)).map((e) => e.outcome)).toEqual(['replayed']);
  });

  it('create, drop, then the upstream fails: outcome unknown (never failed); checking again gives the one transfer', async () => {
    const refId = newRef('unknown');
    // Call 1 creates and drops the connection; calls 2 and 3 (the client's retries) get 503.
    bff.sandbox.faults.set({ dropAfterCreate: 1, errorRate: 0.67 });
    const first = await submit(withdrawal(refId));
    expect([502, 504]).toContain(first.status);
    expect(first.body).toMatchObject({ outcome: 'unknown', ref_id: refId });
    expect(first.headers['content-type']).toMatch(/application\/problem\+json/);
    expect((await record(refId)).status).toBe('unknown');
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);

    bff.sandbox.faults.clear();
    const again = await submit(withdrawal(refId));
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
    const saved = await record(refId);
    expect(saved.status).toBe('created');
    expect(saved.attempts?.map((a) => a.result)).toEqual(['unknown', 'replayed']);
    expect((await auditOf(refId)).map((e) => e.outcome)).toEqual(['unknown', 'replayed']);
  });

  it('the same ref_id with a different request is a 422 problem and reaches no upstream', async () => {
    const refId = newRef('different');
    expect((await submit(withdrawal(refId))).status).toBe(200);
    const before = upstreamCreates();
    const res = await submit(withdrawal(refId, { amount: '26.00' }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ status: 422, ref_id: refId });
    expect(upstreamCreates()).toBe(before);
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
    // The same request again is the recorded result, without an upstream call.
    const same = await submit(withdrawal(refId));
    expect(same.status).toBe(200);
    expect(same.headers['idempotent-replayed']).toBe('true');
    expect(upstreamCreates()).toBe(before);
    expect((await auditOf(refId)).map((e) => e.outcome)).toEqual([
      'created',
      'conflict',
      'replayed',
    ]);
  });

  it('a 409 whose existing transfer is another request is unknown, with an alert, never "use a new ref_id"', async () => {
    const refId = newRef('foreign');
    // Someone else (another client of the upstream) used this ref_id for another withdrawal; or
    // the service changed what it holds. Either way a person must look: a new ref_id could send
    // the money twice if the transfer is in fact ours.
    const token = await fetchToken(bff.sandboxUrl);
    const direct = await fetch(`${bff.sandboxUrl}/v2/transfer/crypto-withdrawals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(withdrawal(refId, { amount: '7.00' })),
    });
    expect(direct.status).toBe(200);
    const res = await submit(withdrawal(refId));
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ outcome: 'unknown', ref_id: refId });
    expect((res.body as { detail: string }).detail).toMatch(/differs from this request \(amount\)/);
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
    expect((await record(refId)).status).toBe('unknown');
    expect((await auditOf(refId)).map((e) => [e.outcome, e.upstream_status])).toEqual([
      ['unknown', 409],
    ]);
    expect(
      bff.logs
        .entries()
        .some((entry) => entry.ref_id === refId && /needs review/.test(String(entry.msg))),
    ).toBe(true);
  });

  it('Insufficient Funds is refused with its meta; a check again asks the upstream again', async () => {
    const refId = newRef('funds');
    const body = withdrawal(refId, { profile_id: SEED_IDS.smallProfile, amount: '900000' });
    const res = await submit(body);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      title: 'Insufficient Funds',
      meta: { profile_id: SEED_IDS.smallProfile, asset: 'USDG' },
    });
    expect((res.body as { meta: { available: unknown } }).meta.available).toEqual(
      expect.any(String),
    );
    const saved = await record(refId);
    expect(saved.status).toBe('refused');
    expect(saved.problem?.title).toBe('Insufficient Funds');
    expect((await submit(body)).status).toBe(403);
    expect((await record(refId)).attempts).toHaveLength(2);
    expect((await auditOf(refId)).map((e) => [e.outcome, e.upstream_status])).toEqual([
      ['refused', 403],
      ['refused', 403],
    ]);
  });

  it('Travel Rule Information Required, then the address is saved and the same withdrawal goes through', async () => {
    const refId = newRef('travel');
    const body = withdrawal(refId, {
      destination_address: SAMPLE_ADDRESSES.evmC,
      amount: '5000',
    });
    const res = await submit(body);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ title: 'Travel Rule Information Required' });
    const token = await fetchToken(bff.sandboxUrl);
    const put = await fetch(`${bff.sandboxUrl}/v2/transfer/crypto-destination-address`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        crypto_network: 'ETHEREUM',
        address: SAMPLE_ADDRESSES.evmC,
        travelrule_metadata: { beneficiary: { self: true } },
      }),
    });
    expect(put.status).toBe(200);
    const again = await submit(body);
    expect(again.status).toBe(200);
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
    expect((await record(refId)).status).toBe('created');
  });

  it('upstream 503 on every try: 502 with outcome unknown, and a later check creates one transfer', async () => {
    const refId = newRef('busy');
    bff.sandbox.faults.set({ errorRate: 1, errorStatus: 500 });
    const res = await submit(withdrawal(refId));
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ outcome: 'unknown', ref_id: refId });
    expect((await record(refId)).status).toBe('unknown');
    bff.sandbox.faults.clear();
    const again = await submit(withdrawal(refId));
    expect(again.status).toBe(200);
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
  });

  it('lists the ledger newest first with filters and pages, and one record with its attempts', async () => {
    const refs = [newRef('page'), newRef('page'), newRef('page')];
    for (const refId of refs) expect((await submit(withdrawal(refId))).status).toBe(200);
    const page1 = await bff.request('GET', '/api/withdrawals?limit=2&status=created');
    expect(page1.status).toBe(200);
    const body1 = page1.body as { withdrawals: WithdrawalRecord[]; next_cursor: string };
    expect(body1.withdrawals.map((w) => w.ref_id)).toEqual([refs[2], refs[1]]);
    const page2 = await bff.request(
      'GET',
      `/api/withdrawals?limit=2&status=created&cursor=${encodeURIComponent(body1.next_cursor)}`,
    );
    expect((page2.body as { withdrawals: WithdrawalRecord[] }).withdrawals[0]?.ref_id).toBe(
      refs[0],
    );
    const one = await bff.request('GET', `/api/withdrawals?ref_id=${refs[1]}`);
    expect((one.body as { withdrawals: WithdrawalRecord[] }).withdrawals).toHaveLength(1);
    const byOperator = await bff.request(
      'GET',
      '/api/withdrawals?operator=nobody&crypto_network=ETHEREUM',
    );
    expect((byOperator.body as { withdrawals: unknown[] }).withdrawals).toEqual([]);
    expect((await bff.request('GET', '/api/withdrawals?status=lost')).status).toBe(400);
    expect((await bff.request('GET', '/api/withdrawals?cursor=garbage')).status).toBe(400);
    expect((await bff.request('GET', '/api/withdrawals/no-such-ref')).status).toBe(404);
  });

  it('GET /api/audit filters and exports CSV; GET /api/addresses searches the address book', async () => {
    const refId = newRef('-audit');
    expect((await submit(withdrawal(refId))).status).toBe(200);
    const list = await bff.request(
      'GET',
      '/api/audit?action=withdrawal.submit&operator=local-operator',
    );
    expect(list.status).toBe(200);
    const events = (list.body as { events: Array<{ target: string; roles: string[] }> }).events;
    expect(events[0]).toMatchObject({ target: refId });
    expect(events[0]?.roles).toContain('withdrawal-initiator');
    const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    const none = await bff.request('GET', `/api/audit?from=${future}`);
    expect((none.body as { events: unknown[] }).events).toEqual([]);
    expect((await bff.request('GET', '/api/audit?from=yesterday')).status).toBe(400);

    const csv = await bff.request('GET', '/api/audit/export.csv?action=withdrawal.submit');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,operator_subject,roles,action,target,request_hash,outcome,upstream_status,request_id,changed_fields,passkey_id,approved_by,change_values',
    );
    // A ref_id a spreadsheet would run as a formula is neutralised.
    expect(lines[1]).toContain(`,'${refId},`);
    const total = await store.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM audit_events WHERE action = 'withdrawal.submit'`,
    );
    expect(lines).toHaveLength(Number(total[0]!.n) + 1);

    await store.addressBook.recordSaved(
      {
        id: 'a1',
        address: SAMPLE_ADDRESSES.solanaA,
        crypto_network: 'SOLANA',
        nickname: 'Market maker',
        bookmarked: true,
      },
      { subject: 'local-operator', name: 'Local operator' },
    );
    const found = await bff.request('GET', '/api/addresses?q=market&crypto_network=SOLANA');
    expect(found.status).toBe(200);
    expect((found.body as { addresses: Array<{ nickname: string }> }).addresses).toEqual([
      expect.objectContaining({ nickname: 'Market maker', bookmarked: true }),
    ]);
    expect((await bff.request('GET', '/api/addresses?limit=0')).status).toBe(400);
  });

  // Issue 10: a write the upstream accepted is always in our records. A database hiccup after
  // the transfer was created must not leave the ledger without its outcome.
  it('an outcome write that fails after the upstream created the transfer is tried again', async () => {
    let failures = 2;
    const flaky = {
      ...store,
      ledger: {
        ...store.ledger,
        recordOutcome: ((...args: Parameters<typeof store.ledger.recordOutcome>) => {
          if (failures > 0) {
            failures--;
            return Promise.reject(new Error('database hiccup'));
          }
          return store.ledger.recordOutcome(...args);
        }) as typeof store.ledger.recordOutcome,
      },
    };
    const server: Server = createServer(createApp({ ...bff.deps, store: flaky }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const before = upstreamCreates();
      const refId = newRef('outcome-retry');
      const res = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/withdrawals`,
        {
          method: 'POST',
          headers: { 'x-csrf': '1', 'content-type': 'application/json' },
          body: JSON.stringify(withdrawal(refId)),
        },
      );
      const transfer = (await res.json()) as { id: string };
      expect(res.status, JSON.stringify(transfer)).toBe(200);
      expect(upstreamCreates()).toBe(before + 1);
      expect(failures).toBe(0);
      expect(await record(refId)).toMatchObject({
        status: 'created',
        transfer: { id: transfer.id },
      });
      expect((await auditOf(refId)).map((e) => e.outcome)).toEqual(['created']);
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  });

  it('write-ahead: when the intent cannot be recorded, nothing reaches the upstream', async () => {
    const broken = {
      ...store,
      ledger: {
        ...store.ledger,
        recordIntent: async () => {
          throw new Error('database unavailable');
        },
      },
    };
    const server: Server = createServer(createApp({ ...bff.deps, store: broken }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const before = upstreamCreates();
      const refId = newRef('no-intent');
      const res = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/withdrawals`,
        {
          method: 'POST',
          headers: { 'x-csrf': '1', 'content-type': 'application/json' },
          body: JSON.stringify(withdrawal(refId)),
        },
      );
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(upstreamCreates()).toBe(before);
      // The attempt is still audited (the audit log lives apart from the failing ledger here).
      expect((await auditOf(refId)).map((e) => e.outcome)).toEqual(['error']);
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  });
});

// Only with a PostgreSQL server (PGlite is one process's database, never shared by instances):
// reported as skipped without TEST_DATABASE_URL, never silently absent.
describe.skipIf(!TEST_BACKENDS.includes('postgres'))('two BFF instances on one PostgreSQL', () => {
  const { store, bff } = storeAndBffForSuite('postgres', SCHEMA_TWO, () => ({
    env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' },
  }));
  const submit = (body: unknown) => bff.request('POST', '/api/withdrawals', { body });
  const auditOf = async (target: string) =>
    store.db.query<{ outcome: string }>(
      'SELECT outcome FROM audit_events WHERE target = $1 ORDER BY id',
      [target],
    );

  it('concurrent submits of one ref_id through both give one transfer', async () => {
    // A second instance: its own app (its own in-process flights) and its own pool on the
    // same schema, calling the same upstream.
    const second = await openTestStore('postgres', SCHEMA_TWO, { fresh: false });
    const server: Server = createServer(createApp({ ...bff.deps, store: second }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const refId = newRef('two-instances');
      const creates = () =>
        bff.sandbox.stats().requests['POST /v2/transfer/crypto-withdrawals'] ?? 0;
      const before = creates();
      bff.sandbox.faults.set({ latencyMs: 200 });
      const viaSecond = () =>
        fetch(`${url}/api/withdrawals`, {
          method: 'POST',
          headers: { 'x-csrf': '1', 'content-type': 'application/json' },
          body: JSON.stringify(withdrawal(refId)),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { id: string } }));
      const viaFirst = () =>
        submit(withdrawal(refId)).then((r) => ({
          status: r.status,
          body: r.body as { id: string },
        }));
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? viaFirst() : viaSecond())),
      );
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
      expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
      // One upstream call in all: the other instance waited on the ledger's claim, it did not
      // lean on the upstream's 409.
      expect(creates() - before).toBe(1);
      expect((await auditOf(refId)).filter((e) => e.outcome === 'created')).toHaveLength(1);
      expect(await auditOf(refId)).toHaveLength(10);
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await second.close();
    }
  });
});

describe('roles', () => {
  const bff = testBffForSuite(() => ({
    env: {
      AUTH_MODE: 'trusted-header',
      TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
      ROLE_GROUPS: 'viewer=ops;withdrawal-initiator=treasury',
      PUBLIC_ORIGIN: 'https://ops.example.com',
    },
  }));

  it('a viewer reads the ledger and the audit trail but cannot submit; an initiator reads the ledger only', async () => {
    const viewer = {
      'x-forwarded-user': 'v',
      'x-forwarded-email': 'v@x',
      'x-forwarded-groups': 'ops',
    };
    const initiator = { ...viewer, 'x-forwarded-groups': 'treasury' };
    const refused = await bff.request('POST', '/api/withdrawals', {
      headers: viewer,
      body: withdrawal(newRef('role')),
    });
    expect(refused.status).toBe(403);
    expect(bff.sandbox.stats().requests['POST /v2/transfer/crypto-withdrawals']).toBeUndefined();
    expect((await bff.request('GET', '/api/withdrawals', { headers: viewer })).status).toBe(200);
    expect((await bff.request('GET', '/api/audit', { headers: viewer })).status).toBe(200);
    // An initiator follows up on the ledger (and picks from the address book), but the audit
    // trail stays with viewers.
    expect((await bff.request('GET', '/api/withdrawals', { headers: initiator })).status).toBe(200);
    expect((await bff.request('GET', '/api/audit', { headers: initiator })).status).toBe(403);
  });
});

async function fetchToken(sandboxUrl: string): Promise<string> {
  const res = await fetch(`${sandboxUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'console-local',
      client_secret: 'console-local-secret',
      scope: 'transfer:write_crypto_withdrawal transfer:write_crypto_destination_address',
    }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
