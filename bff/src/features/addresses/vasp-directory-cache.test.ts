import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { CompanionFeatureGate } from '../../upstream/companion-features';
import type { UpstreamClient, UpstreamResponse } from '../../upstream/upstream-client';
import { createVaspDirectoryRouter, VASP_CACHE_MS } from './vasp-directory-router';

// Issue 11, item 3: the directory is cached in the BFF for a day (the service says it may be).
// Its clock is injected, so a day passes without waiting for one.

function directory() {
  const calls: string[] = [];
  const upstream = {
    async call(operation: string, options: { query?: string } = {}) {
      calls.push(`${operation} ${options.query ?? ''}`);
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
  app.use('/api', createVaspDirectoryRouter({ upstream, companion, now: () => time }));
  const server = createServer(app);
  const listening = new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => void server.close());
  const get = async (path: string) => {
    await listening;
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    expect(response.status).toBe(200);
    return (await response.json()) as unknown;
  };
  return {
    calls,
    get,
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
});
