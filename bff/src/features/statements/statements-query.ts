import { fieldErrorsFromZod } from '#contract/problem';
import {
  ListStatementsQuerySchema,
  statementsQueryToSearchParams,
  type ListStatementsQuery,
} from '#contract/statements';
import { badRequest } from '#bff/http/http-problem';
import { boundedMemo } from '#bff/lib/bounded-memo';

/**
 * The query as the upstream reads it: a parameter given once is a string, a repeated one an array
 * (`?statuses=A&statuses=B`). No bracket syntax or nesting, so `a[b]=c` is an unknown key the
 * strict schema refuses. A null-prototype record: `__proto__` or `constructor` are plain keys.
 */
export function readQueryParams(url: string): Record<string, string | string[]> {
  const question = url.indexOf('?');
  const result: Record<string, string | string[]> = Object.create(null);
  if (question === -1) return result;
  for (const [key, value] of new URLSearchParams(url.slice(question + 1))) {
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else result[key] = [existing, value];
  }
  return result;
}

/** Validates the statements query (400 problem with field errors); nothing invalid goes upstream. */
export function parseStatementsQuery(url: string): ListStatementsQuery {
  const parsed = ListStatementsQuerySchema.safeParse(readQueryParams(url));
  if (!parsed.success)
    throw badRequest('The statements query is not valid.', fieldErrorsFromZod(parsed.error));
  return parsed.data;
}

/** The outbound query string, rebuilt from the validated values only (never the raw one). */
export function upstreamStatementsQuery(query: ListStatementsQuery): string {
  return statementsQueryToSearchParams(query).toString();
}

/** How many distinct valid query strings a reader remembers (polling views repeat a few). */
const MAX_REMEMBERED_QUERIES = 500;
/** A longer query (long id lists, a cursor) is validated each time rather than kept. */
const MAX_REMEMBERED_QUERY_CHARS = 1_024;

/**
 * The outbound query of a statements URL (parseStatementsQuery, then upstreamStatementsQuery), a
 * query string validated before answered from memory: the schema is a pure function of the
 * string, and on the proxied read its parse was about a twentieth of the BFF's CPU a request
 * (docs/bench.md). Only valid queries are kept; an invalid one is refused (400) each time.
 */
export function upstreamQueryReader(): (url: string) => string {
  const known = boundedMemo<string, string>(MAX_REMEMBERED_QUERIES);
  return (url) => {
    const question = url.indexOf('?');
    const raw = question === -1 ? '' : url.slice(question + 1);
    const remembered = known.get(raw);
    if (remembered !== undefined) return remembered;
    const upstream = upstreamStatementsQuery(parseStatementsQuery(url));
    return raw.length > MAX_REMEMBERED_QUERY_CHARS ? upstream : known.keep(raw, upstream);
  };
}
