import { fieldErrorsFromZod } from '#contract/problem';
import {
  ListStatementsQuerySchema,
  statementsQueryToSearchParams,
  type ListStatementsQuery,
} from '#contract/statements';
import { badRequest } from '#bff/http/http-problem';

/**
 * The query as the upstream reads it: a parameter given once is a string, a repeated one an array
 * (`?statuses=A&statuses=B`). No bracket syntax or nesting, so `a[b]=c` is an unknown key the
 * strict schema refuses. A null-prototype record: `__proto__` or `constructor` are plain keys.
 */
function readQueryParams(url: string): Record<string, string | string[]> {
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
