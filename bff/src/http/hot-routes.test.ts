import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { HttpProblem } from './http-problem';
import { middlewareChain } from './middleware-chain';
import { serveHotRoutesFirst } from './hot-routes';

describe('serveHotRoutesFirst', () => {
  const seen: string[] = [];
  const app = express();
  const front: RequestHandler = (_req, _res, next) => {
    seen.push('front');
    next();
  };
  const first: RequestHandler = (req, res, next) => {
    // What Express would have set up, but for its prototypes (Node's API only on this path).
    seen.push(
      `first ${req.originalUrl} ${String(Object.getPrototypeOf(req) === app.request)} ${String(Object.getPrototypeOf(res) === app.response)}`,
    );
    next();
  };
  const answer: RequestHandler = (_req, res) => {
    seen.push(`answer ${String((res.locals as { routeLabel?: string }).routeLabel)}`);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ hot: true }));
  };
  const refusal = new HttpProblem({ title: 'Forbidden', status: 403, detail: 'refused' });
  const errors: unknown[] = [];
  const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
    // The error handler answers with Express's API: the request has its prototypes by now.
    errors.push(error);
    seen.push(`error ${req.path}`);
    const problem = error instanceof HttpProblem ? error.problem : { status: 500 };
    res.status(problem.status).json(problem);
  };
  app.use(middlewareChain(front));
  app.get('/api/things', (_req, res) => {
    seen.push('router');
    res.json({ hot: false });
  });
  app.use(errorHandler);
  serveHotRoutesFirst(app, {
    front: [front],
    routes: [
      { path: '/api/things', label: '/things', handlers: [first, answer] },
      {
        path: '/api/refused',
        label: '/refused',
        handlers: [
          () => {
            throw refusal;
          },
          answer,
        ],
      },
      {
        path: '/api/rejected',
        label: '/rejected',
        handlers: [
          async () => {
            throw refusal;
          },
          answer,
        ],
      },
      { path: '/api/unanswered', label: '/unanswered', handlers: [first] },
    ],
    errorHandler,
  });
  const server = createServer(app);
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers an exact GET with the front and the route handlers, query aside, without the router', async () => {
    seen.length = 0;
    const res = await fetch(`${origin}/api/things?a=1&b=2`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ hot: true });
    expect(seen).toEqual(['front', 'first /api/things?a=1&b=2 false false', 'answer /things']);
  });

  it('leaves everything else to Express, untouched', async () => {
    for (const [method, path, router] of [
      ['POST', '/api/things', false],
      ['HEAD', '/api/things', true],
      ['GET', '/api/things/', true],
      ['GET', '/API/things', true],
      ['GET', '/api/things/1', false],
      ['GET', '/api/%74hings', false],
    ] as const) {
      seen.length = 0;
      await fetch(`${origin}${path}`, { method });
      expect(seen, `${method} ${path}`).toEqual(router ? ['front', 'router'] : ['front']);
    }
  });

  it('sends a refusal or a rejection to the error handler, and runs nothing after it', async () => {
    for (const path of ['/api/refused', '/api/rejected']) {
      seen.length = 0;
      errors.length = 0;
      const res = await fetch(`${origin}${path}`);
      expect(res.status).toBe(403);
      expect(errors).toEqual([refusal]);
      expect(seen).toEqual(['front', `error ${path}`]);
    }
  });

  it('answers a route that ends unanswered as the /api router would: a 404 problem', async () => {
    errors.length = 0;
    const res = await fetch(`${origin}/api/unanswered`);
    expect(res.status).toBe(404);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(HttpProblem);
    expect((errors[0] as HttpProblem).problem.detail).toBe(
      'There is no GET /api/unanswered in this API.',
    );
  });
});
