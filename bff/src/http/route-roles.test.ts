import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { createRecordingStore } from '#bff-test/recording-store';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';

// Issue 23, item 6: `/api/vasps` answered an operator with no role at all. Every registered
// route is walked here and asked by a signed-in operator with no role: each must refuse (403),
// except the few that are public by design.

/** Public by design: probes, and who the operator is (the SPA needs it to say "no role"). */
const PUBLIC_ROUTES = new Set(['GET /healthz', 'GET /readyz', 'GET /api/me']);

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route of the app as "METHOD /path", mount paths included (Express 5 / router 2). */
function registeredRoutes(stack: Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    if (layer.route)
      return Object.keys(layer.route.methods).map((method) =>
        typeof layer.route!.path === 'string'
          ? `${method.toUpperCase()} ${prefix}${layer.route!.path}`
          : `${method.toUpperCase()} pattern:${String(layer.route!.path)}`,
      );
    return layer.handle?.stack ? registeredRoutes(layer.handle.stack, prefix + mount) : [];
  });
}

describe('every route names the roles that may use it', () => {
  let bff: TestBff;
  let routes: string[];
  beforeAll(async () => {
    bff = await startTestBff({ deps: { store: createRecordingStore() } });
    const app = bff.server.listeners('request')[0] as Express;
    routes = registeredRoutes(app.router.stack as Layer[]);
  });
  afterAll(() => bff.close());

  it('finds the routes (the walk itself works)', () => {
    expect(routes).toContain('GET /api/vasps');
    expect(routes).toContain('POST /api/approvals/:id/cancel');
    expect(routes).toContain('POST /api/withdrawal-batches');
    expect(routes).toContain('GET /api/withdrawal-batches/:id/report.csv');
    // Address files (issue 28 item 2, issue 26 item 9): import, its rows, apply, export, archive.
    for (const route of [
      'POST /api/addresses/import',
      'GET /api/addresses/import/:id',
      'POST /api/addresses/import/:id/apply',
      'GET /api/addresses/export.csv',
      'POST /api/addresses/archive',
    ])
      expect(routes).toContain(route);
    expect(routes.length).toBeGreaterThan(20);
  });

  it('refuses an operator with no role on every route but the public ones', async () => {
    const open: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      // The SPA's static files (a pattern, not an /api path) are public too.
      if (PUBLIC_ROUTES.has(route) || !path.startsWith('/')) continue;
      const res = await bff.request(method, path.replace(/:[a-z_]+/g, 'x'), {
        headers: { 'x-dev-roles': 'none' },
        ...(method === 'GET' ? {} : { body: {} }),
      });
      if (res.status !== 403) open.push(`${route} answered ${res.status}`);
      else expect(ProblemSchema.parse(res.body).detail).toMatch(/needs (the|one of the roles)/);
    }
    expect(open).toEqual([]);
    expect(bff.sandbox.stats().requests).toEqual({});
  });

  it('lets an operator with no role see who they are', async () => {
    const res = await bff.request('GET', '/api/me', { headers: { 'x-dev-roles': 'none' } });
    expect(res.status).toBe(200);
    expect((res.body as { roles: string[] }).roles).toEqual([]);
  });
});
