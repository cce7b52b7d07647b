import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { SEED_IDS } from '#sandbox/index';
import { createRecordingStore } from '#bff-test/recording-store';
import { startTestBff, type TestBff, type TestResponse } from '#bff-test/start-test-bff';
import { createApp } from './app';

const SAFE = new Set(['get', 'head', 'options']);

interface Layer {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  matchers?: Array<(path: string) => unknown>;
}

/** Every route of the app's /api router, read from the router stack itself (not a list kept by hand). */
function apiRoutes(app: Express): Array<{ method: string; path: string }> {
  const root = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const api = root.find((layer) => layer.handle?.stack && layer.matchers?.[0]?.('/api/x'));
  if (!api?.handle?.stack) throw new Error('the /api router is not mounted');
  const routes: Array<{ method: string; path: string }> = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods))
          if (on && method !== '_all') routes.push({ method, path: prefix + layer.route.path });
      } else if (layer.handle?.stack) {
        const mount =
          typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk(api.handle.stack, '/api');
  return routes;
}

function expectProblem(res: TestResponse, status: number): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(ProblemSchema.parse(res.body).status).toBe(status);
}

const validAddress = {
  crypto_network: 'ETHEREUM',
  address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
};

describe('the BFF app', () => {
  let bff: TestBff;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'aoc-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>',
    );
    writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    bff = await startTestBff({
      env: { WEB_DIR: webDir, WRITE_RATE_LIMIT_PER_MINUTE: '1000' },
      deps: { store: createRecordingStore() },
    });
  });
  afterAll(() => bff.close());

  describe('CSRF', () => {
    const app = () => createApp(bff.deps);

    it('lists the state-changing routes from the router and each refuses a request without X-CSRF', async () => {
      bff.sandbox.reset();
      const writes = apiRoutes(app()).filter((r) => !SAFE.has(r.method));
      expect(writes).toContainEqual({ method: 'put', path: '/api/addresses' });
      expect(writes).toContainEqual({ method: 'post', path: '/api/withdrawals' });
      for (const route of writes) {
        const path = route.path.replace(/:(\w+)/g, 'x');
        const res = await bff.request(route.method.toUpperCase(), path, {
          csrf: false,
          body: validAddress,
        });
        expectProblem(res, 403);
        expect(ProblemSchema.parse(res.body).detail).toMatch(/X-CSRF/);
      }
      expect(bff.sandbox.stats().requests).toEqual({});
    });

    it('requires X-CSRF on reads too', async () => {
      for (const route of apiRoutes(app()).filter((r) => r.method === 'get'))
        expectProblem(
          await bff.request('GET', route.path.replace(/:(\w+)/g, 'x'), { csrf: false }),
          403,
        );
    });

    it('refuses a cross-site Sec-Fetch-Site and a foreign Origin on writes', async () => {
      for (const site of ['cross-site', 'same-site']) {
        expectProblem(
          await bff.request('PUT', '/api/addresses', {
            headers: { 'sec-fetch-site': site },
            body: validAddress,
          }),
          403,
        );
      }
      expectProblem(
        await bff.request('PUT', '/api/addresses', {
          headers: { origin: 'https://evil.example' },
          body: validAddress,
        }),
        403,
      );
      expectProblem(
        await bff.request('PUT', '/api/addresses', {
          headers: { origin: 'null' },
          body: validAddress,
        }),
        403,
      );
      const same = await bff.request('PUT', '/api/addresses', {
        headers: { origin: bff.url, 'sec-fetch-site': 'same-origin' },
        body: validAddress,
      });
      expect(same.status).toBe(200);
    });

    it('answers 415 to a body that is not JSON and 413 to a large one', async () => {
      expectProblem(
        await bff.request('PUT', '/api/addresses', {
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify(validAddress),
        }),
        415,
      );
      expectProblem(
        await bff.request('PUT', '/api/addresses', {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'crypto_network=ETHEREUM',
        }),
        415,
      );
      expectProblem(
        await bff.request('PUT', '/api/addresses', {
          body: { ...validAddress, nickname: 'x'.repeat(64 * 1024) },
        }),
        413,
      );
      expectProblem(
        await bff.request('PUT', '/api/addresses', {
          headers: { 'content-type': 'application/json' },
          body: '{"crypto_network":',
        }),
        400,
      );
    });
  });

  describe('roles per route', () => {
    it.each([
      ['GET', `/api/statements?customer_id=${SEED_IDS.exampleCustomer}`, 'address-editor'],
      [
        'GET',
        `/api/statements/export.csv?customer_id=${SEED_IDS.exampleCustomer}`,
        'address-editor',
      ],
      ['PUT', '/api/addresses', 'viewer,withdrawal-initiator'],
    ])('%s %s refuses an operator without its role (403)', async (method, path, roles) => {
      const res = await bff.request(method, path, {
        headers: { 'x-dev-roles': roles },
        ...(method === 'PUT' ? { body: validAddress } : {}),
      });
      expectProblem(res, 403);
    });
  });

  describe('headers', () => {
    it('sets a strict CSP, HSTS, frame-ancestors none, no X-Powered-By; no-store on /api', async () => {
      for (const path of ['/api/me', '/', '/healthz', '/api/nothing']) {
        const res = await bff.request('GET', path);
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toContain('unsafe-inline');
        expect(csp).not.toContain('unsafe-eval');
        expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
        expect(res.headers['x-powered-by']).toBeUndefined();
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
      }
      // A document may load its own scripts; an API answer nothing, and it is never a page.
      const page = await bff.request('GET', '/');
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      const api = await bff.request('GET', '/api/me');
      expect(api.headers['content-security-policy']).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(api.headers['x-frame-options']).toBe('DENY');
      for (const documentOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ])
        expect(api.headers[documentOnly], documentOnly).toBeUndefined();
      expect(api.headers['cache-control']).toBe('no-store');
      expect((await bff.request('GET', '/api/nothing')).headers['cache-control']).toBe('no-store');
    });

    it('logs one line per request with its id, status and operator, no headers', async () => {
      const res = await bff.request('GET', '/api/me', {
        headers: { authorization: 'Bearer should-not-be-logged' },
      });
      const id = String(res.headers['x-request-id']);
      const lines = bff.logs.entries().filter((e) => (e.req as { id?: string })?.id === id);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 30,
        msg: 'request completed',
        req_id: id,
        req: { id, method: 'GET', url: '/api/me' },
        res: { statusCode: 200 },
        operator: 'local-operator',
      });
      expect(bff.logs.text()).not.toContain('should-not-be-logged');
    });
  });

  describe('static SPA', () => {
    it('caches hashed assets immutably and index.html never; client routes fall back', async () => {
      const asset = await bff.request('GET', '/assets/index-abc123.js');
      expect(asset.status).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const path of ['/', '/statements', '/withdrawals/new?x=1', '/addresses/abc/edit']) {
        const page = await bff.request('GET', path);
        expect(page.status).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.text).toContain('index-abc123.js');
      }
    });

    it('answers a missing file with a 404 problem, never index.html; maps are not served', async () => {
      for (const path of [
        '/assets/nope.js',
        '/favicon.ico',
        '/assets/index-abc123.js.map',
        '/x/app.css',
      ]) {
        expectProblem(await bff.request('GET', path), 404);
      }
      // A client route may hold a dot (a ref_id): it still gets the app.
      const route = await bff.request('GET', '/withdrawals/payout.2026-11');
      expect(route.status).toBe(200);
      expect(route.headers['content-type']).toMatch(/^text\/html/);
    });

    it('answers a malformed percent-encoding with a 400 problem, not a 500', async () => {
      expectProblem(await bff.request('GET', '/api/withdrawals/%E0%A4%A'), 400);
    });

    it('answers any unknown /api path with a 404 problem, never the SPA', async () => {
      bff.sandbox.reset();
      for (const [method, path] of [
        ['GET', '/api/nothing'],
        ['GET', '/api'],
        ['GET', '/api/v2/statements'],
        ['DELETE', '/api/addresses'],
        ['POST', '/api/statements'],
      ] as const) {
        const res = await bff.request(method, path, method === 'GET' ? {} : { body: {} });
        expectProblem(res, 404);
      }
      expect(bff.sandbox.stats().requests).toEqual({});
    });
  });

  describe('operations endpoints', () => {
    it('/healthz, /readyz and /metrics answer', async () => {
      expect((await bff.request('GET', '/healthz', { csrf: false })).status).toBe(200);
      expect((await bff.request('GET', '/readyz', { csrf: false })).status).toBe(200);
      await bff.request('GET', `/api/statements?customer_id=${SEED_IDS.exampleCustomer}&limit=1`);
      const metrics = await bff.request('GET', '/metrics', { csrf: false });
      expect(metrics.text).toContain('bff_http_request_duration_seconds');
      expect(metrics.text).toMatch(
        /bff_upstream_requests_total\{operation="listStatements",status="200"\}/,
      );
      expect(metrics.text).toMatch(
        /bff_token_requests_total\{scope="statements:read_statement",result="ok"\}/,
      );
    });
  });
});

describe('write rate limit', () => {
  it('limits writes per operator with a 429 problem and Retry-After; reads are not limited', async () => {
    const bff = await startTestBff({
      env: { WRITE_RATE_LIMIT_PER_MINUTE: '2' },
      deps: { store: createRecordingStore() },
    });
    try {
      const put = () => bff.request('PUT', '/api/addresses', { body: validAddress });
      expect((await put()).status).toBe(200);
      expect((await put()).status).toBe(200);
      const limited = await put();
      expectProblem(limited, 429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(bff.sandbox.stats().requests['PUT /v2/transfer/crypto-destination-address']).toBe(2);
      for (let i = 0; i < 4; i++) expect((await bff.request('GET', '/api/me')).status).toBe(200);
    } finally {
      await bff.close();
    }
  });
});
