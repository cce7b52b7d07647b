import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { hotRoutes } from './hot-routes';

/** Runs the layer; resolves with what it passed on ('answered' when a handler ended the request). */
function run(
  layer: RequestHandler,
  method: string,
  url: string,
): Promise<{ passed: unknown; locals: Record<string, unknown> }> {
  const locals: Record<string, unknown> = {};
  return new Promise((resolve) => {
    const res = {
      locals,
      end: () => resolve({ passed: 'answered', locals }),
    } as unknown as Response;
    layer({ method, url } as Request, res, ((error?: unknown) =>
      resolve({ passed: error, locals })) as NextFunction);
  });
}

describe('hotRoutes', () => {
  const seen: string[] = [];
  const first: RequestHandler = (_req, _res, next) => {
    seen.push('first');
    next();
  };
  const answer: RequestHandler = (_req, res) => {
    seen.push('answer');
    res.end();
  };
  const layer = hotRoutes([{ path: '/api/things', label: '/things', handlers: [first, answer] }]);

  it('runs the route handlers in order on an exact GET match, query aside, and names the route', async () => {
    seen.length = 0;
    const { passed, locals } = await run(layer, 'GET', '/api/things?a=1&b=2');
    expect(passed).toBe('answered');
    expect(seen).toEqual(['first', 'answer']);
    expect(locals.routeLabel).toBe('/things');
    seen.length = 0;
    expect((await run(layer, 'GET', '/api/things')).passed).toBe('answered');
  });

  it('leaves everything else to the router, untouched', async () => {
    seen.length = 0;
    for (const [method, url] of [
      ['POST', '/api/things'],
      ['HEAD', '/api/things'],
      ['GET', '/api/things/'],
      ['GET', '/API/things'],
      ['GET', '/api/things/1'],
      ['GET', 'http://localhost/api/things'],
      ['GET', '/api/%74hings'],
    ] as const) {
      const { passed, locals } = await run(layer, method, url);
      expect(passed, `${method} ${url}`).toBeUndefined();
      expect(locals.routeLabel).toBeUndefined();
    }
    expect(seen).toEqual([]);
  });

  it('passes a refusal on as an error, and runs nothing after it', async () => {
    const refusal = new Error('refused');
    const refusing: RequestHandler = () => {
      throw refusal;
    };
    const rejecting: RequestHandler = async () => {
      throw refusal;
    };
    for (const handler of [refusing, rejecting]) {
      seen.length = 0;
      const guarded = hotRoutes([{ path: '/x', label: '/x', handlers: [handler, answer] }]);
      expect((await run(guarded, 'GET', '/x')).passed).toBe(refusal);
      expect(seen).toEqual([]);
    }
  });
});
