import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import type Dispatcher from 'undici/types/dispatcher';
import type { Scope } from '#contract/scopes';
import type { UpstreamTuning } from '../config';
import type { Logger } from '../logger';
import type { Metrics } from '../lib/metrics';
import type { Cancellation } from '#bff/lib/cancellation';
import type { TokenProvider } from './token-provider';
import { dispatchWhole, type WholeRead } from './whole-body';
import { OPERATIONS, type Operation, type RetryPolicy } from './upstream-operations';
import {
  errorCode,
  NOT_SENT_CODES,
  TIMEOUT_CODES,
  UpstreamFailure,
  type UpstreamBody,
  type UpstreamResponse,
} from './upstream-answer';

// The answer's types and readers live in upstream-answer.ts, the operations in
// upstream-operations.ts; callers keep importing them from the client.
export type { Operation } from './upstream-operations';
export {
  readBodyBytes,
  readJsonBody,
  UpstreamFailure,
  type UpstreamResponse,
} from './upstream-answer';

export interface UpstreamCallOptions {
  /** Appended to the operation's path, e.g. `/{id}` (the caller encodes it). */
  pathSuffix?: string;
  query?: string;
  /**
   * Retry the withdrawal only where it certainly was not processed: the caller resolves a possibly
   * committed attempt itself, by reading the transfer by ref_id instead of sending it again.
   */
  noResendAfterSent?: boolean;
  body?: unknown;
  requestId?: string;
  /** Aborts the call (a reader who went away); never passed for writes. */
  signal?: AbortSignal;
  /** The same as `signal`, cheaper (lib/cancellation.ts); never passed for writes. */
  cancellation?: Cancellation;
  /**
   * The body is read whole into memory as it comes (at most `maxBytes`: more stops the read and
   * readBodyBytes says so), through undici's dispatch API: the hot read's way (whole-body.ts);
   * with `checkJson`, each chunk is checked as it comes (WholeBody.isCompleteJson).
   */
  whole?: WholeRead;
}

export interface UpstreamClient {
  call(operation: Operation, options?: UpstreamCallOptions): Promise<UpstreamResponse>;
  close(): Promise<void>;
}

interface UpstreamClientOptions {
  baseUrl: string;
  tokens: TokenProvider;
  tuning: UpstreamTuning;
  logger: Logger;
  metrics: Metrics;
  /** Injected so tests of the backoff need not wait. */
  sleep?: (ms: number) => Promise<unknown>;
}

/** Retry-After in ms (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now = Date.now(),
): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim()) * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

type AttemptResponse = Pick<Dispatcher.ResponseData, 'statusCode' | 'headers'> & {
  body: UpstreamBody;
};

/** One request: its body as undici's stream, or read whole as it comes (`whole`). */
function sendOnce(
  pool: Pool,
  request: { method: Dispatcher.HttpMethod; path: string; headers: Record<string, string> } & {
    payload: string | undefined;
  },
  call: UpstreamCallOptions,
): Promise<AttemptResponse> {
  const { method, path, headers, payload } = request;
  if (call.whole)
    return dispatchWhole(
      pool,
      { method, path, headers, body: payload },
      call.whole,
      call.cancellation,
    );
  return pool.request({ method, path, headers, body: payload, signal: call.signal });
}

function requestHeaders(
  token: string | undefined,
  payload: string | undefined,
  requestId: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': 'asset-ops-console-bff',
  };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (requestId) headers['x-request-id'] = requestId;
  return headers;
}

/** What one client holds for all its calls. */
interface ClientParts {
  pool: Pool;
  basePath: string;
  tuning: UpstreamTuning;
  tokens: TokenProvider;
  metrics: Metrics;
  logger: Logger;
  wait: (ms: number) => Promise<unknown>;
  backoff: (attempt: number) => number;
}

/** One call's attempt, as the retry decisions see it; `possiblyCommitted` carries over attempts. */
interface Attempt {
  operation: Operation;
  policy: RetryPolicy;
  number: number;
  last: boolean;
  call: UpstreamCallOptions;
  state: { possiblyCommitted: boolean; refreshedToken: boolean };
}

/** A request that got no answer: throws when it must not (or cannot) be repeated, else waits. */
async function afterSendError(parts: ClientParts, attempt: Attempt, error: unknown) {
  const { operation, policy, call, state } = attempt;
  const code = errorCode(error);
  const kind = TIMEOUT_CODES.has(code) ? 'timeout' : 'network';
  const notSent = NOT_SENT_CODES.has(code);
  if (!notSent && policy !== 'read') state.possiblyCommitted = true;
  parts.metrics.upstreamErrors.inc({ operation, kind });
  if (call.signal?.aborted || call.cancellation?.cancelled) throw error;
  const retryable = policy !== 'write' || notSent;
  parts.logger.warn({ operation, attempt: attempt.number, code }, 'upstream call failed');
  if (!retryable || attempt.last) {
    throw new UpstreamFailure(
      kind,
      state.possiblyCommitted,
      `upstream ${operation} failed: ${code}`,
    );
  }
  await parts.wait(parts.backoff(attempt.number));
}

/**
 * A busy or failing answer (429, 503, a 5xx where repeating is safe): the wait before the next
 * attempt, or undefined when `result` is the answer to give (marked possibly committed if so).
 */
async function busyRetryWait(
  parts: ClientParts,
  attempt: Attempt,
  response: AttemptResponse,
  result: UpstreamResponse,
): Promise<number | undefined> {
  const { policy, state } = attempt;
  const status = response.statusCode;
  if (!(status === 429 || status === 503 || (status >= 500 && policy !== 'write'))) {
    return undefined;
  }
  const processedMaybe = status !== 429 && status !== 503;
  const retryable = status === 429 || policy !== 'write';
  const retryAfter = parseRetryAfter(response.headers['retry-after']);
  if (
    !retryable ||
    attempt.last ||
    (retryAfter !== undefined && retryAfter > parts.tuning.retryAfterCapMs)
  ) {
    if (processedMaybe && policy !== 'read') result.possiblyCommitted = true;
    return undefined;
  }
  if (processedMaybe && policy !== 'read') state.possiblyCommitted = true;
  await response.body.dump();
  parts.logger.warn(
    { operation: attempt.operation, attempt: attempt.number, status },
    'upstream busy or failing; retrying',
  );
  return retryAfter ?? parts.backoff(attempt.number);
}

async function tokenFor(tokens: TokenProvider, scope: Scope | null) {
  return scope === null ? undefined : (tokens.freshToken(scope) ?? (await tokens.getToken(scope)));
}

async function callUpstream(
  parts: ClientParts,
  operation: Operation,
  call: UpstreamCallOptions,
): Promise<UpstreamResponse> {
  const spec = OPERATIONS[operation];
  const policy: RetryPolicy =
    call.noResendAfterSent && spec.retry === 'keyed-write' ? 'write' : spec.retry;
  const path =
    parts.basePath + spec.path + (call.pathSuffix ?? '') + (call.query ? `?${call.query}` : '');
  const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
  const state = { possiblyCommitted: false, refreshedToken: false };

  for (let number = 1; ; number++) {
    const token = await tokenFor(parts.tokens, spec.scope);
    const headers = requestHeaders(token, payload, call.requestId);
    const attempt: Attempt = {
      operation,
      policy,
      number,
      last: number >= parts.tuning.maxAttempts,
      call,
      state,
    };
    let response: AttemptResponse;
    try {
      response = await sendOnce(parts.pool, { method: spec.method, path, headers, payload }, call);
    } catch (error) {
      await afterSendError(parts, attempt, error);
      continue;
    }
    const status = response.statusCode;
    parts.metrics.upstreamRequests.inc({ operation, status: String(status) });
    const result = {
      status,
      headers: response.headers,
      body: response.body,
      possiblyCommitted: state.possiblyCommitted,
      attempts: number,
    };
    if (status === 401 && !state.refreshedToken && spec.scope !== null && token !== undefined) {
      // An expired or revoked token: drop it, fetch one new token, retry once (not processed).
      await response.body.dump();
      parts.tokens.invalidate(spec.scope, token);
      state.refreshedToken = true;
      number--;
      continue;
    }
    const waitMs = await busyRetryWait(parts, attempt, response, result);
    if (waitMs === undefined) return result;
    await parts.wait(waitMs);
  }
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const base = new URL(options.baseUrl);
  const { tuning } = options;
  const pool = new Pool(base.origin, {
    connections: tuning.connections,
    connect: { timeout: tuning.connectTimeoutMs },
    headersTimeout: tuning.headersTimeoutMs,
    bodyTimeout: tuning.bodyTimeoutMs,
    keepAliveTimeout: 10_000,
  });
  const parts: ClientParts = {
    pool,
    basePath: base.pathname.replace(/\/+$/, ''),
    tuning,
    tokens: options.tokens,
    metrics: options.metrics,
    logger: options.logger,
    wait: options.sleep ?? sleep,
    backoff: (attempt) => {
      const ceiling = Math.min(tuning.backoffMaxMs, tuning.backoffBaseMs * 2 ** (attempt - 1));
      return ceiling / 2 + Math.random() * (ceiling / 2);
    },
  };
  return {
    call: (operation, call = {}) => callUpstream(parts, operation, call),
    async close() {
      await pool.close();
    },
  };
}
