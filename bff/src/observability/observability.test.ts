import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { SCOPES } from '#contract/scopes';
import { SEED_IDS } from '#sandbox/index';
import { createRecordingStore, type RecordingStore } from '#bff-test/recording-store';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import { testBffForSuite } from '#bff-test/test-bff-for-suite';
import { createMetricsApp } from './ops-routes';
import { withdrawalBody } from '#bff-test/withdrawal-body';

const statements = `/api/statements?customer_id=${SEED_IDS.exampleCustomer}&limit=1`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const validAddress = {
  crypto_network: 'ETHEREUM',
  address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
};

async function listenOn(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeServer(server: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

describe('request ids', () => {
  const bff = testBffForSuite(() => ({ deps: { store: createRecordingStore() } }));

  it("a caller's X-Request-Id is not ours: logged beside our id, never sent upstream or audited", async () => {
    const res = await bff.request('PUT', '/api/addresses', {
      headers: { 'x-request-id': 'forged-id-1' },
      body: validAddress,
    });
    expect(res.status).toBe(200);
    const ours = String(res.headers['x-request-id']);
    expect(ours).toMatch(UUID);
    const store = bff.deps.store as RecordingStore;
    const event = store.events.at(-1);
    expect(event?.request_id).toBe(ours);
    expect(store.events.some((e) => e.request_id === 'forged-id-1')).toBe(false);
    const line = bff.logs.entries().find((e) => e.req_id === ours && e.msg === 'request completed');
    expect(line).toMatchObject({ req_id: ours, caller_request_id: 'forged-id-1' });
  });

  it('an unsafe caller id is dropped, not logged', async () => {
    const res = await bff.request('GET', '/api/me', { headers: { 'x-request-id': 'a b<script>' } });
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(bff.logs.text()).not.toContain('<script>');
  });

  it('from a trusted proxy (TRUSTED_PROXY_ADDRESSES) the caller id is ours', async () => {
    const trusted = await startTestBff({
      env: { TRUSTED_PROXY_ADDRESSES: '127.0.0.1' },
      deps: { store: createRecordingStore() },
    });
    try {
      const res = await trusted.request('PUT', '/api/addresses', {
        headers: { 'x-request-id': 'proxy-id-1' },
        body: validAddress,
      });
      expect(res.headers['x-request-id']).toBe('proxy-id-1');
      expect((trusted.deps.store as RecordingStore).events.at(-1)?.request_id).toBe('proxy-id-1');
      const line = trusted.logs
        .entries()
        .find((e) => e.req_id === 'proxy-id-1' && e.msg === 'request completed');
      expect(line).toBeDefined();
      expect(line?.caller_request_id).toBeUndefined();
    } finally {
      await trusted.close();
    }
  });
});

describe('log lines written inside handlers carry the request id', () => {
  let bff: TestBff;
  beforeAll(async () => {
    // The real (in-memory) ledger: the withdrawal path writes ahead before calling the upstream.
    bff = await startTestBff();
    // Open the ledger and take the write token now: the test is about the upstream call's lines.
    expect((await bff.request('GET', '/api/withdrawals')).status).toBe(200);
    await bff.deps.tokens.getToken(SCOPES.createCryptoWithdrawal);
  });
  afterAll(() => bff.close());

  it('the upstream client, on a read', async () => {
    bff.sandbox.faults.set({ errorRate: 1, errorStatus: 503 });
    try {
      const res = await bff.request('GET', statements);
      expect(res.status).toBeGreaterThanOrEqual(500);
      const id = String(res.headers['x-request-id']);
      const retries = bff.logs
        .entries()
        .filter((e) => e.msg === 'upstream busy or failing; retrying' && e.req_id === id);
      expect(retries.length).toBeGreaterThan(0);
    } finally {
      bff.sandbox.faults.set({});
    }
  });

  it('the withdrawal submitter and the upstream client, after the body is parsed', async () => {
    bff.logs.lines.length = 0;
    bff.sandbox.faults.set({ errorRate: 1, errorStatus: 503 });
    try {
      const res = await bff.request('POST', '/api/withdrawals', {
        body: withdrawalBody(`log-context-${Date.now()}`),
      });
      const id = String(res.headers['x-request-id']);
      // Everything this request wrote (retries, the outcome, the request line) names it.
      const written = bff.logs.entries().filter((e) => e.msg !== undefined);
      expect(written.some((e) => e.msg === 'upstream busy or failing; retrying')).toBe(true);
      for (const line of written) expect(line.req_id, String(line.msg)).toBe(id);
    } finally {
      bff.sandbox.faults.set({});
    }
  });
});

describe('readiness', () => {
  it('/readyz reads the token state (no token request of its own): an outage shows, the instance stays ready', async () => {
    const bff = await startTestBff({ deps: { store: createRecordingStore() } });
    try {
      const before = await bff.request('GET', '/readyz', { csrf: false });
      expect(before.status).toBe(200);
      expect(before.body).toMatchObject({
        status: 'ready',
        checks: { token_endpoint: { state: 'not used yet' } },
      });
      expect(bff.sandbox.stats().tokenRequests.total).toBe(0);

      // A token is cached by a read...
      expect((await bff.request('GET', statements)).status).toBe(200);
      // ...then the token endpoint goes down: probes do not ask it, so the instance stays in.
      bff.sandbox.faults.set({ failTokenEndpoint: true });
      const tokenRequests = bff.sandbox.stats().tokenRequests.total;
      for (let i = 0; i < 5; i++)
        expect((await bff.request('GET', '/readyz', { csrf: false })).status).toBe(200);
      expect(bff.sandbox.stats().tokenRequests.total).toBe(tokenRequests);

      // A request that needs a new token meets the outage: /readyz and /metrics say so.
      bff.deps.tokens.invalidate(SCOPES.listStatements, await cachedToken(bff));
      expect((await bff.request('GET', statements)).status).toBe(503);
      const during = await bff.request('GET', '/readyz', { csrf: false });
      expect(during.status).toBe(200);
      expect(during.body).toMatchObject({ checks: { token_endpoint: { state: 'failing' } } });
      const metrics = await bff.request('GET', '/metrics');
      expect(metrics.text).toMatch(/^bff_token_endpoint_up 0$/m);
      expect(metrics.text).toMatch(
        /bff_token_requests_total\{scope="statements:read_statement",result="error"\} 1/,
      );
    } finally {
      await bff.close();
    }
  });

  it('rejected credentials make this instance unready (503 problem with the checks)', async () => {
    const bff = await startTestBff({
      clientSecret: 'not-the-secret',
      deps: { store: createRecordingStore() },
    });
    try {
      expect((await bff.request('GET', statements)).status).toBe(503);
      const res = await bff.request('GET', '/readyz', { csrf: false });
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({
        checks: { token_endpoint: { state: 'credentials rejected' } },
      });
      expect(res.text).not.toContain('not-the-secret');
    } finally {
      await bff.close();
    }
  });

  it('a database that does not answer makes it unready', async () => {
    const store: RecordingStore = {
      ...createRecordingStore(),
      ping: () => Promise.reject(new Error('connection refused')),
    };
    const bff = await startTestBff({ deps: { store } });
    try {
      const res = await bff.request('GET', '/readyz', { csrf: false });
      expect(res.status).toBe(503);
      expect(ProblemSchema.parse(res.body).detail).toMatch(/database/);
      expect(res.body).toMatchObject({ checks: { database: 'failing' } });
    } finally {
      await bff.close();
    }
  });
});

/** The token the provider holds for the statements scope (fetched through the real provider). */
async function cachedToken(bff: TestBff): Promise<string> {
  return bff.deps.tokens.getToken(SCOPES.listStatements);
}

describe('metrics', () => {
  it('on the API port, /metrics answers an operator of the API only; /healthz stays public', async () => {
    const bff = await startTestBff({
      env: {
        AUTH_MODE: 'trusted-header',
        TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
        ROLE_GROUPS: 'viewer=ops',
        PUBLIC_ORIGIN: 'https://ops.example.com',
      },
      deps: { store: createRecordingStore() },
    });
    try {
      const anonymous = await bff.request('GET', '/metrics', { csrf: false });
      expect(anonymous.status).toBe(401);
      expect(anonymous.text).not.toContain('bff_http_request_duration_seconds');
      const outsider = await bff.request('GET', '/metrics', {
        headers: { 'x-forwarded-user': 'eve', 'x-forwarded-groups': 'marketing' },
      });
      expect(outsider.status).toBe(403);
      const viewer = await bff.request('GET', '/metrics', {
        headers: { 'x-forwarded-user': 'vic', 'x-forwarded-groups': 'ops' },
      });
      expect(viewer.status).toBe(200);
      expect(viewer.text).toContain('bff_http_request_duration_seconds');
      expect((await bff.request('GET', '/healthz', { csrf: false })).status).toBe(200);
    } finally {
      await bff.close();
    }
  });

  it('with METRICS_PORT, /metrics lives on its own listener only', async () => {
    const bff = await startTestBff({
      env: { METRICS_PORT: '0' },
      deps: { store: createRecordingStore() },
    });
    const server = createServer(createMetricsApp(bff.deps));
    try {
      const onApi = await bff.request('GET', '/metrics');
      expect(onApi.status).toBe(404);
      expect(onApi.headers['content-type']).toMatch(/^application\/problem\+json/);
      const url = await listenOn(server);
      const metrics = await fetch(`${url}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('bff_token_endpoint_up');
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const other = await fetch(`${url}/api/me`);
      expect(other.status).toBe(404);
      expect(other.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    } finally {
      await closeServer(server);
      await bff.close();
    }
  });
});
