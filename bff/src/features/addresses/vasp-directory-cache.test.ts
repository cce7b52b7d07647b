import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { setOperator } from '#bff/auth/operator';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import type { UpstreamClient, UpstreamResponse } from '#bff/upstream/upstream-client';
import { createVaspDirectoryRouter, VASP_CACHE_MS } from './vasp-directory-router';

// Issue 11, item 3: the directory is cached in the BFF for a day (the service says it may be).
// Its clock is injected, so a day passes without waiting for one.

/** `gates[n]`, when given, holds the n-th upstream call until it settles (a rejection fails it). */
function directory(gates: Array<Promise<void> | undefined> = []) {
  const calls: string[] = [];
  const upstream = {
    async call(operation: string, options: { query?: string } = {}) {
      const n = calls.push(`${operation} ${options.query ?? ''}`) - 1;
      await gates[n];
      const body = JSON.stringify({ items: [{ id: 'vasp-anchorage', name: 'Anchorage Digital' }] });
      return {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: { text: async () => body, dump: async () => undefined },
        possiblyCommitted: false,
        attempts: 1,
      } as unknown as UpstreamResponse;
    },
  } as unknown as UpstreamClient;
  const companion = { require: async () => undefined } as unknown as CompanionFeatureGate;
  let time = Date.parse('2026-11-24T00:00:00Z');
  const app = express();
  // A signed-in viewer: the directory, like every route, names the roles that may read it.
  app.use((_req, res, next) => {
    setOperator(res, { subject: 'viewer-1', name: 'Viewer', roles: ['viewer'] });
    next();
  });
  app.use('/api', createVaspDirectoryRouter({ upstream, companion, now: () => time }));
  const server = createServer(app);
  const listening = new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => void server.close());
  const send = async (path: string) => {
    await listening;
    const { port } = server.address() as AddressInfo;
    return fetch(`http://127.0.0.1:${port}${path}`);
  };
  const get = async (path: string) => {
    const response = await send(path);
    expect(response.status).toBe(200);
    return (await response.json()) as unknown;
  };
  return {
    calls,
    get,
    /** The answer's status only (a failed load answers an error). */
    status: async (path: string) => (await send(path)).status,
    wait: (ms: number) => {
      time += ms;
    },
  };
}

describe('the VASP directory cache', () => {
  it('answers a search from the cache for a day, then asks the service again', async () => {
    const { get, calls, wait } = directory();
    const search = () => get('/api/vasps?search=anch');
    await search();
    wait(VASP_CACHE_MS - 1);
    await search();
    expect(calls).toHaveLength(1);
    wait(1);
    const again = await search();
    expect(calls).toHaveLength(2);
    expect(again).toEqual({ items: [{ id: 'vasp-anchorage', name: 'Anchorage Digital' }] });
  });

  it('keeps other searches apart: each has its own day', async () => {
    const { get, calls } = directory();
    await get('/api/vasps?search=anch');
    await get('/api/vasps?search=coin');
    await get('/api/vasps?search=ANCH');
    expect(calls).toHaveLength(2);
  });

  it('a reload that fails late never drops the newer entry of the same key', async () => {
    let fail!: (error: Error) => void;
    const slow = new Promise<void>((_resolve, reject) => {
      fail = reject;
    });
    const { get, status, calls, wait } = directory([slow]);
    const search = '/api/vasps?search=anch';
    const first = status(search);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // A day on, the first load (still running) is stale: the next request loads the key again.
    wait(VASP_CACHE_MS);
    await get(search);
    expect(calls).toHaveLength(2);
    fail(new Error('upstream down'));
    expect(await first).toBeGreaterThanOrEqual(500);
    // The second load's entry is still cached.
    await get(search);
    expect(calls).toHaveLength(2);
  });
});
