import { afterAll, afterEach, beforeAll } from 'vitest';
import { BASIC_CLIENT } from '#sandbox/index';
import type { OpenedStore } from '#bff/store/open-store';
import { storeForSuite, type Backend } from '#bff/store/testing/test-stores';
import { startTestBff, type StartTestBffOptions, type TestBff } from './start-test-bff';

/**
 * One BFF for the enclosing describe block: started in its beforeAll, closed in its afterAll.
 * The object is filled in when the beforeAll runs, so read it inside tests and hooks only. The
 * options are a function so that what they hold (a store, a clock) is made when the BFF starts.
 */
export function testBffForSuite(options: () => StartTestBffOptions = () => ({})): TestBff {
  const bff = {} as TestBff;
  let started: TestBff | undefined;
  beforeAll(async () => {
    started = await startTestBff(options());
    Object.assign(bff, started);
  });
  afterAll(() => started?.close());
  return bff;
}

/**
 * A fresh test store on `backend` (its own schema on PostgreSQL) and one BFF on it for the
 * enclosing describe block; the BFF is closed before the store. Both objects are filled in when
 * the beforeAll hooks run, so read them inside tests and hooks only (later beforeAll hooks see them).
 */
export function storeAndBffForSuite(
  backend: Backend,
  schema: string,
  options: () => StartTestBffOptions = () => ({}),
): { store: OpenedStore; bff: TestBff } {
  const store = storeForSuite(backend, schema);
  const bff = testBffForSuite(() => {
    const given = options();
    return { ...given, deps: { ...given.deps, store } };
  });
  return { store, bff };
}

/**
 * For tests that each start their own BFF (or several) on the suite's store: `start` starts one
 * with `options()` and the test's own on top (a wrapped upstream...); all are closed after the test.
 */
export function testBffsPerTest(
  options: () => StartTestBffOptions,
): (extra?: StartTestBffOptions) => Promise<TestBff> {
  const running: TestBff[] = [];
  afterEach(async () => {
    for (const app of running.splice(0)) await app.close();
  });
  return async (extra = {}) => {
    const app = await startTestBff({ ...options(), ...extra });
    running.push(app);
    return app;
  };
}

/** The environment of the BFFs that write often in a test: quiet logs, a write limit not reached. */
export const BUSY_WRITER_ENV = { LOG_LEVEL: 'warn', WRITE_RATE_LIMIT_PER_MINUTE: '1000' };

/**
 * The client with the three core operations only (no companion scope): the BFF it logs in as
 * turns every companion feature off.
 */
export const BASIC_CLIENT_CREDENTIALS = {
  clientId: BASIC_CLIENT.client_id,
  clientSecret: BASIC_CLIENT.client_secret,
};

/**
 * The same BFF twice for a describe block: `on` as the default client (every companion scope),
 * `off` as the basic one, for the tests that a feature answers with its scope and is off without.
 */
export function companionBffsForSuite(options: () => StartTestBffOptions): {
  on: TestBff;
  off: TestBff;
} {
  return {
    on: testBffForSuite(options),
    off: testBffForSuite(() => ({ ...options(), ...BASIC_CLIENT_CREDENTIALS })),
  };
}
