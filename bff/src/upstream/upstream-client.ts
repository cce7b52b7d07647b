import type { IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import type Dispatcher from 'undici/types/dispatcher';
import { quoteBigVersions } from '#contract/big-version';
import { ANY_TOKEN_SCOPE, SCOPES, type Scope } from '#contract/scopes';
import type { UpstreamTuning } from '../config';
import type { Logger } from '../logger';
import type { Metrics } from '../lib/metrics';
import type { Cancellation } from '#bff/lib/cancellation';
import type { TokenProvider } from './token-provider';
import { dispatchWhole, WholeBody, type WholeRead } from './whole-body';

/**
 * Retry policy per operation:
 * - read: a GET, safe to repeat on anything transient;
 * - keyed-write: the withdrawal; repeating it with the same ref_id is safe because the upstream
 *   answers 409 Already Exists instead of creating a second transfer;
 * - write: repeated only when the upstream certainly did not process it (never sent, 401, 429).
 */
type RetryPolicy = 'read' | 'keyed-write' | 'write';

const OPERATIONS = {
  listStatements: {
    scope: SCOPES.listStatements,
    method: 'GET',
    path: '/statements',
    retry: 'read',
  },
  putAddress: {
    scope: SCOPES.putCryptoDestinationAddress,
    method: 'PUT',
    path: '/transfer/crypto-destination-address',
    retry: 'write',
  },
  createWithdrawal: {
    scope: SCOPES.createCryptoWithdrawal,
    method: 'POST',
    path: '/transfer/crypto-withdrawals',
    retry: 'keyed-write',
  },
  // The companion operations (docs/upstream-contract.md, "Companion operations"): optional, each behind its own scope.
  getTransfer: {
    scope: SCOPES.readTransfer,
    method: 'GET',
    path: '/transfer/transfers',
    retry: 'read',
  },
  listTransfers: {
    scope: SCOPES.readTransfer,
    method: 'GET',
    path: '/transfer/transfers',
    retry: 'read',
  },
  createFeeQuote: {
    scope: SCOPES.writeCryptoWithdrawalFee,
    method: 'POST',
    path: '/transfer/fees/crypto-withdrawal',
    // A second quote costs nothing and binds nothing: safe to repeat like a read.
    retry: 'read',
  },
  // The VASP directory is published with no scope: any valid token of the client will do.
  listVasps: {
    scope: ANY_TOKEN_SCOPE,
    method: 'GET',
    path: '/travelrule/vasps',
    retry: 'read',
  },
  getVasp: {
    scope: ANY_TOKEN_SCOPE,
    method: 'GET',
    path: '/travelrule/vasps',
    retry: 'read',
  },
  listDestinationAddresses: {
    scope: SCOPES.readCryptoDestinationAddresses,
    method: 'GET',
    path: '/transfer/crypto-destination-addresses',
    retry: 'read',
  },
  // Operator context (issue 24): the profiles with their balances, and the transfer limits.
  listProfiles: {
    scope: SCOPES.readProfile,
    method: 'GET',
    path: '/profiles',
    retry: 'read',
  },
  // GET /v2/profiles/{id}/balances: the caller passes `/{id}/balances` as the path suffix.
  listProfileBalances: {
    scope: SCOPES.readProfile,
    method: 'GET',
    path: '/profiles',
    retry: 'read',
  },
  listTransferLimits: {
    scope: SCOPES.readTransferLimit,
    method: 'GET',
    path: '/transfer/limits/utilizations',
    retry: 'read',
  },
  // The payments that settle statements (issue 39): a companion read behind its own scope.
  listStatementPayments: {
    scope: SCOPES.readStatementPayment,
    method: 'GET',
    path: '/statements/payments',
    retry: 'read',
  },
  // Published prices (GET /v2/all-markets/prices): no scope, so no token is sent.
  listPrices: {
    scope: null,
    method: 'GET',
    path: '/all-markets/prices',
    retry: 'read',
  },
} as const satisfies Record<
  string,
  { scope: Scope | null; method: Dispatcher.HttpMethod; path: string; retry: RetryPolicy }
>;

export type Operation = keyof typeof OPERATIONS;

/** What callers read of an answer's body: undici's body stream, or a WholeBody (`whole`). */
interface UpstreamBody extends AsyncIterable<Buffer> {
  text(): Promise<string>;
  dump(): Promise<void>;
  destroy(): void;
}

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: UpstreamBody;
  /** An earlier attempt of a write may have been committed upstream (timeout, reset, 5xx). */
  possiblyCommitted: boolean;
  attempts: number;
}

/** No usable answer at all: the last attempt timed out or lost its connection. */
export class UpstreamFailure extends Error {
  constructor(
    readonly kind: 'timeout' | 'network',
    readonly possiblyCommitted: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'UpstreamFailure';
  }
}

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

const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);
/** Errors raised before a byte of the request left: the upstream cannot have processed it. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

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

function errorCode(error: unknown): string {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code ?? 'UNKNOWN';
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const base = new URL(options.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const { tuning, tokens, metrics, logger } = options;
  const wait = options.sleep ?? sleep;
  const pool = new Pool(base.origin, {
    connections: tuning.connections,
    connect: { timeout: tuning.connectTimeoutMs },
    headersTimeout: tuning.headersTimeoutMs,
    bodyTimeout: tuning.bodyTimeoutMs,
    keepAliveTimeout: 10_000,
  });

  const backoff = (attempt: number) => {
    const ceiling = Math.min(tuning.backoffMaxMs, tuning.backoffBaseMs * 2 ** (attempt - 1));
    return ceiling / 2 + Math.random() * (ceiling / 2);
  };

  async function call(
    operation: Operation,
    call: UpstreamCallOptions = {},
  ): Promise<UpstreamResponse> {
    const spec = OPERATIONS[operation];
    const policy: RetryPolicy =
      call.noResendAfterSent && spec.retry === 'keyed-write' ? 'write' : spec.retry;
    const path =
      basePath + spec.path + (call.pathSuffix ?? '') + (call.query ? `?${call.query}` : '');
    const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
    let possiblyCommitted = false;
    let refreshedToken = false;

    for (let attempt = 1; ; attempt++) {
      const token =
        spec.scope === null
          ? undefined
          : (tokens.freshToken(spec.scope) ?? (await tokens.getToken(spec.scope)));
      const headers: Record<string, string> = {
        accept: 'application/json',
        'user-agent': 'asset-ops-console-bff',
      };
      if (token !== undefined) headers.authorization = `Bearer ${token}`;
      if (payload !== undefined) headers['content-type'] = 'application/json';
      if (call.requestId) headers['x-request-id'] = call.requestId;
      const lastAttempt = attempt >= tuning.maxAttempts;

      let response: AttemptResponse;
      try {
        response = await sendOnce(pool, { method: spec.method, path, headers, payload }, call);
      } catch (error) {
        const code = errorCode(error);
        const kind = TIMEOUT_CODES.has(code) ? 'timeout' : 'network';
        const notSent = NOT_SENT_CODES.has(code);
        if (!notSent && policy !== 'read') possiblyCommitted = true;
        metrics.upstreamErrors.inc({ operation, kind });
        if (call.signal?.aborted || call.cancellation?.cancelled) throw error;
        const retryable = policy !== 'write' || notSent;
        logger.warn({ operation, attempt, code }, 'upstream call failed');
        if (!retryable || lastAttempt) {
          throw new UpstreamFailure(
            kind,
            possiblyCommitted,
            `upstream ${operation} failed: ${code}`,
          );
        }
        await wait(backoff(attempt));
        continue;
      }

      const status = response.statusCode;
      metrics.upstreamRequests.inc({ operation, status: String(status) });
      const result = {
        status,
        headers: response.headers,
        body: response.body,
        possiblyCommitted,
        attempts: attempt,
      };

      if (status === 401 && !refreshedToken && spec.scope !== null && token !== undefined) {
        // An expired or revoked token: drop it, fetch one new token, retry once (not processed).
        await response.body.dump();
        tokens.invalidate(spec.scope, token);
        refreshedToken = true;
        attempt--;
        continue;
      }
      if (status === 429 || status === 503 || (status >= 500 && policy !== 'write')) {
        const processedMaybe = status !== 429 && status !== 503;
        const retryable = status === 429 || policy !== 'write';
        const retryAfter = parseRetryAfter(response.headers['retry-after']);
        if (
          !retryable ||
          lastAttempt ||
          (retryAfter !== undefined && retryAfter > tuning.retryAfterCapMs)
        ) {
          if (processedMaybe && policy !== 'read') result.possiblyCommitted = true;
          return result;
        }
        if (processedMaybe && policy !== 'read') possiblyCommitted = true;
        await response.body.dump();
        logger.warn({ operation, attempt, status }, 'upstream busy or failing; retrying');
        await wait(retryAfter ?? backoff(attempt));
        continue;
      }
      return result;
    }
  }

  return {
    call,
    async close() {
      await pool.close();
    },
  };
}

/**
 * Reads a whole (small) upstream body as JSON; `ok: false` when it is not JSON. A body lost half
 * way is an UpstreamFailure: for a write the upstream has answered, so it was possibly committed.
 */
/** A body that stopped coming after its status: the request may well have been processed. */
function bodyLost(error: unknown): UpstreamFailure {
  const code = errorCode(error);
  return new UpstreamFailure(
    TIMEOUT_CODES.has(code) ? 'timeout' : 'network',
    true,
    `upstream body lost: ${code}`,
  );
}

/**
 * The whole body, for an answer passed on only once it is known to be whole (a page the browser
 * must not get cut): the chunks as they came, and their length. More than `maxBytes` is a
 * malformed answer, not memory to spend. A body read with `whole` is only waited for; any other
 * is read here.
 */
export async function readBodyBytes(
  response: UpstreamResponse,
  maxBytes: number,
): Promise<{ ok: true; chunks: Buffer[]; length: number } | { ok: false }> {
  const { body } = response;
  if (body instanceof WholeBody) {
    try {
      await body.done;
    } catch (error) {
      throw bodyLost(error);
    }
    return body.tooLarge || body.length > maxBytes
      ? { ok: false }
      : { ok: true, chunks: body.chunks, length: body.length };
  }
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of body) {
      length += chunk.length;
      if (length > maxBytes) {
        body.destroy();
        return { ok: false };
      }
      chunks.push(chunk);
    }
  } catch (error) {
    throw bodyLost(error);
  }
  return { ok: true, chunks, length };
}

export async function readJsonBody(
  response: UpstreamResponse,
): Promise<{ ok: true; value: unknown } | { ok: false; text: string }> {
  let text: string;
  try {
    text = await response.body.text();
  } catch (error) {
    throw bodyLost(error);
  }
  try {
    // A statement's int64 `version` keeps its digits (contract/big-version.ts).
    return { ok: true, value: JSON.parse(quoteBigVersions(text)) };
  } catch {
    return { ok: false, text: text.slice(0, 200) };
  }
}
