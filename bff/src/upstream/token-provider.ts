import { Pool } from 'undici';
import { OAuthErrorSchema, TokenResponseSchema } from '#contract/oauth';
import type { Scope } from '#contract/scopes';
import { HttpProblem } from '../http/http-problem';
import type { Logger } from '../logger';
import type { Metrics } from '../observability/metrics';
import { ScopeNotGrantedError } from './scope-not-granted';

export interface TokenProviderOptions {
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
  /** The upstream answered 401 with this token: forget it so the next call fetches a new one. */
  invalidate(scope: Scope, token: string): void;
  /**
   * For /readyz: how the token endpoint answered our last request (never a new request: a probe
   * that fetched tokens would add load and make every instance unready in the same second).
   */
  state(): TokenState;
  close(): Promise<void>;
}

/** The result of the last token request, whatever its scope. */
export type TokenResult =
  'ok' | 'invalid_scope' | 'unreachable' | 'malformed' | 'invalid_client' | 'error';

export interface TokenState {
  /** undefined until the first token request (none is made before a request needs one). */
  last?: TokenResult;
  lastSuccessAt?: number;
  lastFailureAt?: number;
}

interface CachedToken {
  token: string;
  expiresAt: number;
  renewAt: number;
}

/** Renew a little before expiry: 10% of the lifetime, at least 5 s and at most 60 s early. */
function renewalMargin(lifetimeMs: number): number {
  return Math.min(60_000, Math.max(5_000, lifetimeMs / 10), lifetimeMs / 2);
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
  const state: TokenState = {};

  function record(scope: Scope, result: TokenResult): void {
    options.metrics.tokenRequests.inc({ scope, result });
    state.last = result;
    const at = now();
    // invalid_scope is a clear answer from a working endpoint: a feature is off, nothing is down.
    if (result === 'ok' || result === 'invalid_scope') {
      state.lastSuccessAt = at;
      options.metrics.tokenEndpointUp.set(1);
    } else {
      state.lastFailureAt = at;
      options.metrics.tokenEndpointUp.set(0);
    }
  }

  async function requestToken(scope: Scope): Promise<CachedToken> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
      scope,
    });
    const startedAt = now();
    let status: number;
    let text: string;
    try {
      const response = await pool.request({
        method: 'POST',
        path: url.pathname + url.search,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      record(scope, 'unreachable');
      options.logger.error(
        {
          scope,
          err: { message: (error as Error).message, code: (error as { code?: string }).code },
        },
        'token endpoint unreachable',
      );
      throw new HttpProblem(
        {
          title: 'Upstream unavailable',
          status: 503,
          detail: 'The upstream token endpoint could not be reached. Try again shortly.',
        },
        { 'retry-after': '5' },
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (status === 200) {
      const parsed = TokenResponseSchema.safeParse(json);
      if (parsed.success) {
        record(scope, 'ok');
        const lifetime = parsed.data.expires_in * 1000;
        return {
          token: parsed.data.access_token,
          expiresAt: startedAt + lifetime,
          renewAt: startedAt + lifetime - renewalMargin(lifetime),
        };
      }
      record(scope, 'malformed');
      options.logger.error({ scope }, 'token endpoint answered 200 without a usable token');
      throw new HttpProblem({
        title: 'Bad Gateway',
        status: 502,
        detail: 'The upstream token endpoint answered in an unexpected shape.',
      });
    }
    const oauthError = OAuthErrorSchema.safeParse(json);
    const code = oauthError.success ? oauthError.data.error : undefined;
    if (code === 'invalid_client' || status === 401) {
      record(scope, 'invalid_client');
      // Operators must act on this: the credentials are wrong, revoked, or for the other environment.
      options.logger.error(
        { scope, status, oauth_error: code },
        'upstream credentials rejected by the token endpoint (invalid_client)',
      );
      throw new HttpProblem({
        title: 'Service Unavailable',
        status: 503,
        detail: 'upstream credentials rejected',
      });
    }
    if (code === 'invalid_scope') {
      // This client is not granted the scope: its feature is off (companion operations), not down.
      record(scope, 'invalid_scope');
      options.logger.warn({ scope }, 'upstream client not granted this scope (invalid_scope)');
      throw new ScopeNotGrantedError(scope);
    }
    record(scope, 'error');
    options.logger.error(
      { scope, status, oauth_error: code },
      'token endpoint refused the token request',
    );
    throw new HttpProblem({
      title: 'Service Unavailable',
      status: 503,
      detail: `The upstream token endpoint refused the request (${code ?? status}).`,
    });
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
