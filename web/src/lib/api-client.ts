import type { z } from 'zod';
import { quoteBigVersions } from '#contract/big-version';
import { unexpectedResponseProblem } from '#contract/problem';
import { ApiError } from './api-error';
import { noAnswerError, refusalError } from './api-fetch';
import { apiHeaders, takeEarlyRequest } from './early-requests';

interface ApiRequest<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT';
  /** Query parameters; arrays become repeated parameters. */
  query?: Record<string, string | number | readonly string[] | undefined>;
  body?: unknown;
  /** A CSV file sent as is (text/csv) instead of a JSON body (POST /api/withdrawal-batches). */
  csv?: string;
  /** The contract schema of a success: responses are parsed, never cast. */
  schema: S;
  signal?: AbortSignal;
}

interface ApiResponse<T> {
  data: T;
  headers: Headers;
  /** The HTTP status: 202 says a write is held for approval rather than done. */
  status: number;
}

export function buildUrl(path: string, query: ApiRequest<z.ZodType>['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A task boundary before a read leaves, where the browser has one (Chromium's scheduler.yield(),
 * whose continuation runs before other queued tasks): a page's first commit subscribes its
 * queries, and each fetch() it started there lengthened that commit, the longest task of the
 * new-withdrawal page's first open on a phone (docs/bench.md, "Lighthouse"). Writes never wait.
 */
const yieldBeforeRead = (): Promise<void> | undefined =>
  (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.();

/**
 * The one way the SPA calls the BFF: same origin, X-CSRF on every call, JSON in and out.
 * A success is parsed with its contract schema; any failure becomes one ApiError carrying a
 * problem+json (a network failure or a non-problem body is turned into one).
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  request: ApiRequest<S>,
): Promise<ApiResponse<z.infer<S>>> {
  const method = request.method ?? 'GET';
  const headers = apiHeaders(request.body !== undefined);
  if (request.csv !== undefined) headers['Content-Type'] = 'text/csv; charset=utf-8';
  const url = buildUrl(path, request.query);
  let response: Response;
  try {
    // A read the page started before the app had run (early-requests.ts) is adopted, once.
    const early = method === 'GET' ? takeEarlyRequest(url, headers) : undefined;
    if (early === undefined && method === 'GET') await yieldBeforeRead();
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body:
          request.csv ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
        credentials: 'same-origin',
        signal: request.signal,
      }));
  } catch (error) {
    throw noAnswerError(error);
  }
  const text = await response.text();
  let json: unknown;
  try {
    // A statement's int64 `version` keeps its digits (contract/big-version.ts).
    json = text ? JSON.parse(quoteBigVersions(text)) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) throw refusalError(json, response);
  const parsed = request.schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(unexpectedResponseProblem(), response.headers);
  }
  return { data: parsed.data, headers: response.headers, status: response.status };
}

export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  query?: ApiRequest<S>['query'],
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  return (await apiRequest(path, { schema, query, signal })).data;
}
