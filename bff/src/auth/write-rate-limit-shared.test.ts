import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import type { OpenedStore } from '../store/open-store';
import { openTestStore, TEST_DATABASE_URL } from '../store/testing/test-stores';

// Issue 10, finding 9: with DATABASE_URL the write limit is counted in the shared database, so
// behind N instances an operator still gets the limit once (it was counted per process: N times).
// Needs PostgreSQL: reported as skipped when TEST_DATABASE_URL is unset.

const SCHEMA = 'test_write_rate_limit_shared';
const LIMIT = 3;

describe.skipIf(!TEST_DATABASE_URL)(
  'the write limit across two instances on one PostgreSQL',
  () => {
    let storeA: OpenedStore;
    let storeB: OpenedStore;
    let a: TestBff;
    let b: TestBff;
    beforeAll(async () => {
      storeA = await openTestStore('postgres', SCHEMA);
      storeB = await openTestStore('postgres', SCHEMA, { fresh: false });
      const env = { WRITE_RATE_LIMIT_PER_MINUTE: String(LIMIT) };
      a = await startTestBff({ env, deps: { store: storeA } });
      b = await startTestBff({ env, deps: { store: storeB } });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await storeA?.close();
      await storeB?.close();
    });

    // Invalid bodies: the limiter counts every write before validation, and nothing goes upstream.
    const write = (bff: TestBff) => bff.request('PUT', '/api/addresses', { body: {} });

    it('counts one budget for the operator whichever instance serves the write', async () => {
      const statuses: number[] = [];
      for (const bff of [a, b, a, b, a, b]) statuses.push((await write(bff)).status);
      // Three writes pass (refused as invalid), then both instances answer 429.
      expect(statuses).toEqual([400, 400, 400, 429, 429, 429]);
      const refused = await write(b);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('keeps reads out of the count', async () => {
      expect((await a.request('GET', '/api/me')).status).toBe(200);
    });
  },
);
