// A GET the page will surely make, started before React and the rest of the entry have run:
// on a first open of a link the entry takes a few hundred milliseconds to evaluate and render
// the shell, and the requests it would only then send (the sign-in, a statements page) can be
// answered in that time instead (bench/statements-page-bench.ts). The SPA's one call path
// (api-client.ts) adopts a started request for the same URL and headers once, while it is fresh;
// anything else goes out as usual, so a request nobody adopts costs one wasted read, never a
// wrong answer.
import { DEV_OPERATOR_HEADER, devOperator } from './dev-operator';

/** How long a started request may be adopted: the first render asks for it within a second or two. */
const FRESH_MS = 10_000;

interface Started {
  response: Promise<Response>;
  at: number;
}

const started = new Map<string, Started>();

/** The headers of every call to the BFF (CSRF proof, JSON, dev mode's acting operator). */
export function apiHeaders(withBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'X-CSRF': '1', Accept: 'application/json' };
  if (withBody) headers['Content-Type'] = 'application/json';
  // Dev mode's second local operator (the shell offers it only when the BFF lists one).
  const actingAs = devOperator();
  if (actingAs) headers[DEV_OPERATOR_HEADER] = actingAs;
  return headers;
}

const keyOf = (url: string, headers: Record<string, string>) =>
  `${url}\n${headers[DEV_OPERATOR_HEADER] ?? ''}`;

/** Starts a GET of `url` now, for the page to adopt (takeEarlyRequest) when it asks for it. */
export function startEarlyRequest(url: string): void {
  const headers = apiHeaders(false);
  const key = keyOf(url, headers);
  if (started.has(key)) return;
  const response = fetch(url, { method: 'GET', headers, credentials: 'same-origin' });
  // Nobody may adopt it (the operator navigates away): its failure must not be an unhandled one.
  response.catch(() => undefined);
  started.set(key, { response, at: Date.now() });
}

/** The started GET of `url` with these headers, once, if it is still fresh. */
export function takeEarlyRequest(
  url: string,
  headers: Record<string, string>,
): Promise<Response> | undefined {
  const key = keyOf(url, headers);
  const found = started.get(key);
  if (found === undefined) return undefined;
  started.delete(key);
  return Date.now() - found.at <= FRESH_MS ? found.response : undefined;
}
