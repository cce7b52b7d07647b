import { Pool } from 'undici';
import type { Scope } from '#contract/scopes';
import type { Logger } from '../logger';
import type { Metrics } from '../lib/metrics';
import {
  readTokenAnswer,
  unreachableAnswer,
  type CachedToken,
  type TokenAnswer,
  type TokenResult,
} from './token-answer';

interface TokenProviderOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  logger: Logger;
  metrics: Metrics;
  now?: () => number;
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
}

export interface TokenProvider {
  /** A valid access token carrying exactly this scope (cached; one request in flight per scope). */
  getToken(scope: Scope): Promise<string>;
  /**
   * The cached token for this scope when it needs nothing done (not yet due for renewal), else
   * undefined: then ask getToken. Lets a read use it without a promise and an await of its own.
   */
  freshToken(scope: Scope): string | undefined;
  /** The upstream answered 401 with this token: forget it so the next call fetches a new one. */
  invalidate(scope: Scope, token: string): void;
  /**
   * For /readyz: how the token endpoint answered our last request (never a new request: a probe
   * that fetched tokens would add load and make every instance unready in the same second).
   */
  state(): TokenState;
  close(): Promise<void>;
}

export interface TokenState {
  /** undefined until the first token request (none is made before a request needs one). */
  last?: TokenResult;
  lastSuccessAt?: number;
  lastFailureAt?: number;
}

/** What the token endpoint's last answers say (for /readyz), kept with the metrics. */
function createTokenRecorder(metrics: Metrics, now: () => number) {
  const state: TokenState = {};
  function record(scope: Scope, result: TokenResult): void {
    metrics.tokenRequests.inc({ scope, result });
    state.last = result;
    const at = now();
    // invalid_scope is a clear answer from a working endpoint: a feature is off, nothing is down.
    if (result === 'ok' || result === 'invalid_scope') {
      state.lastSuccessAt = at;
      metrics.tokenEndpointUp.set(1);
    } else {
      state.lastFailureAt = at;
      metrics.tokenEndpointUp.set(0);
    }
  }
  return { state, record };
}

/** One client-credentials request for `scope`, read into what it means (never throws). */
function postTokenRequest(
  pool: Pool,
  url: URL,
  options: TokenProviderOptions,
  scope: Scope,
  sentAt: number,
): Promise<TokenAnswer> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: options.clientId,
    client_secret: options.clientSecret,
    scope,
  });
  return pool
    .request({
      method: 'POST',
      path: url.pathname + url.search,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
    })
    .then(async (response) => ({ status: response.statusCode, text: await response.body.text() }))
    .then(
      ({ status, text }) => readTokenAnswer(scope, status, text, sentAt),
      (error: unknown) => unreachableAnswer(scope, error),
    );
}

export function createTokenProvider(options: TokenProviderOptions): TokenProvider {
  const now = options.now ?? Date.now;
  const url = new URL(options.tokenUrl);
  const pool = new Pool(url.origin, {
    connections: 4,
    connect: { timeout: options.connectTimeoutMs ?? 5_000 },
    headersTimeout: options.requestTimeoutMs ?? 10_000,
    bodyTimeout: options.requestTimeoutMs ?? 10_000,
  });
  const cache = new Map<Scope, CachedToken>();
  const inFlight = new Map<Scope, Promise<CachedToken>>();
  const { state, record } = createTokenRecorder(options.metrics, now);

  async function requestToken(scope: Scope): Promise<CachedToken> {
    const answer = await postTokenRequest(pool, url, options, scope, now());
    record(scope, answer.result);
    if (answer.result === 'ok') return answer.token;
    options.logger[answer.log.level](answer.log.fields, answer.log.message);
    throw answer.error;
  }

  function fetchShared(scope: Scope): Promise<CachedToken> {
    let pending = inFlight.get(scope);
    if (!pending) {
      pending = requestToken(scope).then(
        (token) => {
          cache.set(scope, token);
          inFlight.delete(scope);
          return token;
        },
        (error: unknown) => {
          inFlight.delete(scope);
          throw error;
        },
      );
      inFlight.set(scope, pending);
    }
    return pending;
  }

  return {
    freshToken(scope) {
      const cached = cache.get(scope);
      return cached !== undefined && now() < cached.renewAt ? cached.token : undefined;
    },
    async getToken(scope) {
      const cached = cache.get(scope);
      const t = now();
      if (cached && t < cached.renewAt) return cached.token;
      if (cached && t < cached.expiresAt) {
        // Still valid: renew in the background (one request), answer with the current token.
        fetchShared(scope).catch(() => undefined);
        return cached.token;
      }
      return (await fetchShared(scope)).token;
    },
    invalidate(scope, token) {
      if (cache.get(scope)?.token === token) cache.delete(scope);
    },
    state() {
      return { ...state };
    },
    async close() {
      await pool.close();
    },
  };
}
