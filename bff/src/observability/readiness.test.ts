import { describe, expect, it, vi } from 'vitest';
import type { Store } from '../store/store-port';
import type { TokenProvider, TokenState } from '../upstream/token-provider';
import { checkReadiness, CREDENTIALS_RECHECK_MS } from './readiness';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const store = { ping: () => Promise.resolve() } as unknown as Store;

/** A token provider whose state the test sets, and whose token requests it answers. */
function tokens(initial: TokenState, answer: () => Promise<string>) {
  let state = initial;
  const getToken = vi.fn(async () => {
    try {
      const token = await answer();
      state = {
        last: 'ok',
        lastSuccessAt: NOW,
        ...(state.lastFailureAt ? { lastFailureAt: state.lastFailureAt } : {}),
      };
      return token;
    } catch (error) {
      state = { last: 'invalid_client', lastFailureAt: NOW };
      throw error;
    }
  });
  const provider: TokenProvider = {
    getToken,
    freshToken: () => undefined,
    invalidate: () => undefined,
    state: () => state,
    close: () => Promise.resolve(),
  };
  return { provider, getToken };
}

// An unready instance gets no traffic, so no request of its own would ever ask the token endpoint
// again: rejected credentials are asked about again after a while, so a fixed secret brings it back.
describe('readiness with rejected credentials', () => {
  it('asks again once the wait has passed, and is ready when the credentials are accepted', async () => {
    const { provider, getToken } = tokens(
      { last: 'invalid_client', lastFailureAt: NOW - CREDENTIALS_RECHECK_MS },
      () => Promise.resolve('token'),
    );
    const result = await checkReadiness({ store, tokens: provider, now: () => NOW });
    expect(getToken).toHaveBeenCalledTimes(1);
    expect(result.ready).toBe(true);
    expect(result.checks.token_endpoint.state).toBe('ok');
  });

  it('within the wait it asks nothing and stays unready', async () => {
    const { provider, getToken } = tokens(
      { last: 'invalid_client', lastFailureAt: NOW - CREDENTIALS_RECHECK_MS + 1 },
      () => Promise.resolve('token'),
    );
    const result = await checkReadiness({ store, tokens: provider, now: () => NOW });
    expect(getToken).not.toHaveBeenCalled();
    expect(result.ready).toBe(false);
    expect(result.checks.token_endpoint.state).toBe('credentials rejected');
  });

  it('still rejected: unready, and the new rejection restarts the wait', async () => {
    const { provider, getToken } = tokens(
      { last: 'invalid_client', lastFailureAt: NOW - 60_000 },
      () => Promise.reject(new Error('invalid_client')),
    );
    const first = await checkReadiness({ store, tokens: provider, now: () => NOW });
    expect(first.ready).toBe(false);
    await checkReadiness({ store, tokens: provider, now: () => NOW + 1_000 });
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it('an outage of the token endpoint (not a rejection) is never probed from here', async () => {
    const { provider, getToken } = tokens(
      { last: 'unreachable', lastFailureAt: NOW - 10 * CREDENTIALS_RECHECK_MS },
      () => Promise.resolve('token'),
    );
    const result = await checkReadiness({ store, tokens: provider, now: () => NOW });
    expect(getToken).not.toHaveBeenCalled();
    expect(result.ready).toBe(true);
    expect(result.checks.token_endpoint.state).toBe('failing');
  });
});
