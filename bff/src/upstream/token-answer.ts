import { OAuthErrorSchema, TokenResponseSchema } from '#contract/oauth';
import type { Scope } from '#contract/scopes';
import { HttpProblem } from '../http/http-problem';
import { ScopeNotGrantedError } from './scope-not-granted';

// What the token endpoint's answer means: a token to cache, or the error the caller gets, with
// how the endpoint did (for /readyz and the metrics) and what operators are told in the log.

/** The result of the last token request, whatever its scope. */
export type TokenResult =
  'ok' | 'invalid_scope' | 'unreachable' | 'malformed' | 'invalid_client' | 'error';

export interface CachedToken {
  token: string;
  expiresAt: number;
  renewAt: number;
}

export type TokenAnswer =
  | { result: 'ok'; token: CachedToken }
  | {
      result: Exclude<TokenResult, 'ok'>;
      error: Error;
      log: { level: 'error' | 'warn'; fields: Record<string, unknown>; message: string };
    };

/** Renew a little before expiry: 10% of the lifetime, at least 5 s and at most 60 s early. */
function renewalMargin(lifetimeMs: number): number {
  return Math.min(60_000, Math.max(5_000, lifetimeMs / 10), lifetimeMs / 2);
}

/** The endpoint could not be reached (connection refused, reset, timed out). */
export function unreachableAnswer(scope: Scope, error: unknown): TokenAnswer {
  return {
    result: 'unreachable',
    error: new HttpProblem(
      {
        title: 'Upstream unavailable',
        status: 503,
        detail: 'The upstream token endpoint could not be reached. Try again shortly.',
      },
      { 'retry-after': '5' },
    ),
    log: {
      level: 'error',
      fields: {
        scope,
        err: { message: (error as Error).message, code: (error as { code?: string }).code },
      },
      message: 'token endpoint unreachable',
    },
  };
}

/** Reads the endpoint's answer to a request sent at `sentAt` (the token's lifetime runs from then). */
export function readTokenAnswer(
  scope: Scope,
  status: number,
  text: string,
  sentAt: number,
): TokenAnswer {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return status === 200 ? grantedAnswer(scope, json, sentAt) : refusedAnswer(scope, status, json);
}

/** A 200: the token to cache, or a malformed answer when it carries none. */
function grantedAnswer(scope: Scope, json: unknown, sentAt: number): TokenAnswer {
  const parsed = TokenResponseSchema.safeParse(json);
  if (parsed.success) {
    const lifetime = parsed.data.expires_in * 1000;
    return {
      result: 'ok',
      token: {
        token: parsed.data.access_token,
        expiresAt: sentAt + lifetime,
        renewAt: sentAt + lifetime - renewalMargin(lifetime),
      },
    };
  }
  return {
    result: 'malformed',
    error: new HttpProblem({
      title: 'Bad Gateway',
      status: 502,
      detail: 'The upstream token endpoint answered in an unexpected shape.',
    }),
    log: {
      level: 'error',
      fields: { scope },
      message: 'token endpoint answered 200 without a usable token',
    },
  };
}

/** Any other status: what the refusal means, by its OAuth error code. */
function refusedAnswer(scope: Scope, status: number, json: unknown): TokenAnswer {
  const oauthError = OAuthErrorSchema.safeParse(json);
  const code = oauthError.success ? oauthError.data.error : undefined;
  if (code === 'invalid_client' || status === 401) {
    // Operators must act on this: the credentials are wrong, revoked, or for the other environment.
    return {
      result: 'invalid_client',
      error: new HttpProblem({
        title: 'Service Unavailable',
        status: 503,
        detail: 'upstream credentials rejected',
      }),
      log: {
        level: 'error',
        fields: { scope, status, oauth_error: code },
        message: 'upstream credentials rejected by the token endpoint (invalid_client)',
      },
    };
  }
  if (code === 'invalid_scope') {
    // This client is not granted the scope: its feature is off (companion operations), not down.
    return {
      result: 'invalid_scope',
      error: new ScopeNotGrantedError(scope),
      log: {
        level: 'warn',
        fields: { scope },
        message: 'upstream client not granted this scope (invalid_scope)',
      },
    };
  }
  return {
    result: 'error',
    error: new HttpProblem({
      title: 'Service Unavailable',
      status: 503,
      detail: `The upstream token endpoint refused the request (${code ?? status}).`,
    }),
    log: {
      level: 'error',
      fields: { scope, status, oauth_error: code },
      message: 'token endpoint refused the token request',
    },
  };
}
