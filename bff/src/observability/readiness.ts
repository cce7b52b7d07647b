import { SCOPES } from '#contract/scopes';
import type { Store } from '../store/store-port';
import type { TokenResult } from '../upstream/token-answer';
import type { TokenProvider } from '../upstream/token-provider';

/** How long /readyz waits for the database before calling it failing. */
const DATABASE_TIMEOUT_MS = 2_000;

/**
 * Rejected credentials are asked about again this long after the last rejection. An unready
 * instance gets no traffic, so no request of its own would ever ask again: without this, a short
 * spell of invalid_client (a secret rotated in the wrong order) kept it out until a restart.
 */
export const CREDENTIALS_RECHECK_MS = 30_000;

type TokenEndpointState = 'not used yet' | 'ok' | 'failing' | 'credentials rejected';

interface Readiness {
  ready: boolean;
  checks: {
    database: 'ok' | 'failing' | 'not checked';
    token_endpoint: {
      state: TokenEndpointState;
      last_success_at?: string;
      last_failure_at?: string;
    };
  };
}

function tokenEndpointState(last: TokenResult | undefined): TokenEndpointState {
  if (last === undefined) return 'not used yet';
  if (last === 'ok') return 'ok';
  return last === 'invalid_client' ? 'credentials rejected' : 'failing';
}

async function databaseState(store: Store): Promise<Readiness['checks']['database']> {
  if (!store.ping) return 'not checked';
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      store.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), DATABASE_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch {
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What this instance needs to serve: its database, and credentials the token endpoint accepted.
 * The token endpoint's state is the one its last real request left (no probe of its own): an
 * outage of that shared endpoint shows here and in /metrics (bff_token_endpoint_up) but does not
 * take every instance out of the load balancer at once, while cached tokens still work. Rejected
 * credentials are this instance's own fault (a rotated secret), so they make it unready, and
 * are asked about again every CREDENTIALS_RECHECK_MS so a fixed secret brings it back.
 */
export async function checkReadiness(deps: {
  store: Store;
  tokens: TokenProvider;
  now?: () => number;
}): Promise<Readiness> {
  const database = await databaseState(deps.store);
  const before = deps.tokens.state();
  const now = deps.now?.() ?? Date.now();
  if (
    before.last === 'invalid_client' &&
    now - (before.lastFailureAt ?? 0) >= CREDENTIALS_RECHECK_MS
  ) {
    // One token request for the scope every client has (single flight in the provider; a new
    // rejection restarts the wait), so this is at most one request per 30 s per instance.
    await deps.tokens.getToken(SCOPES.listStatements).catch(() => undefined);
  }
  const token = deps.tokens.state();
  const state = tokenEndpointState(token.last);
  return {
    ready: database !== 'failing' && state !== 'credentials rejected',
    checks: {
      database,
      token_endpoint: {
        state,
        ...(token.lastSuccessAt === undefined
          ? {}
          : { last_success_at: new Date(token.lastSuccessAt).toISOString() }),
        ...(token.lastFailureAt === undefined
          ? {}
          : { last_failure_at: new Date(token.lastFailureAt).toISOString() }),
      },
    },
  };
}
