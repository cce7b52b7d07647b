import { describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { SEED_IDS } from '#sandbox/index';
import { startTestBff } from '#bff-test/start-test-bff';
import { parseRetryAfter } from './upstream-client';

const list = `/api/statements?customer_id=${SEED_IDS.exampleCustomer}&limit=1`;
const calls = (stats: { requests: Record<string, number> }) =>
  stats.requests['GET /v2/statements'] ?? 0;

describe('upstream client', () => {
  it('honours a short Retry-After on 429, then succeeds', async () => {
    const bff = await startTestBff();
    try {
      bff.sandbox.faults.set({ rateLimit: { retryAfterSeconds: 1 } });
      const started = Date.now();
      const res = await bff.request('GET', list);
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(calls(bff.sandbox.stats())).toBe(2);
    } finally {
      await bff.close();
    }
  });

  it('does not wait for a Retry-After beyond the cap: a 429 problem with Retry-After', async () => {
    const bff = await startTestBff();
    try {
      bff.sandbox.faults.set({ rateLimit: { retryAfterSeconds: 120 } });
      const res = await bff.request('GET', list);
      expect(res.status).toBe(429);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(100);
      expect(calls(bff.sandbox.stats())).toBe(1);
    } finally {
      await bff.close();
    }
  });

  it('times out a silent upstream and answers a 504 problem after bounded retries', async () => {
    const bff = await startTestBff({
      env: { UPSTREAM_HEADERS_TIMEOUT_MS: '300', UPSTREAM_MAX_ATTEMPTS: '2' },
    });
    try {
      bff.sandbox.faults.set({ latencyMs: 2000 });
      const res = await bff.request('GET', list);
      expect(res.status).toBe(504);
      expect(ProblemSchema.parse(res.body).title).toBe('Gateway Timeout');
      expect(calls(bff.sandbox.stats())).toBe(2);
    } finally {
      await bff.close();
    }
  });

  it('never retries a business 4xx', async () => {
    const bff = await startTestBff();
    try {
      const res = await bff.request('GET', `${list}&page_cursor=forged`);
      expect(res.status).toBe(400);
      expect(calls(bff.sandbox.stats())).toBe(1);
    } finally {
      await bff.close();
    }
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});
