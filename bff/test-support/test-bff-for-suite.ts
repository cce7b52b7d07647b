import { afterAll, beforeAll } from 'vitest';
import { BASIC_CLIENT } from '#sandbox/index';
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
