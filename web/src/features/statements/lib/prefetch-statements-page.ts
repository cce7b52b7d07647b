import type { QueryClient } from '@tanstack/react-query';
import { statementsPageQuery, statementsPageUrl } from '../api/statements-api';
import { parseStatementsSearch, toListQuery } from './statements-url-state';

/**
 * Asks for the page of statements a /statements link names, as the page itself will (the same
 * query options, so the page finds it in the cache). Nothing for a link the page would not ask
 * for (no customer, or a cut-off id).
 */
export function prefetchStatementsPage(client: QueryClient, search: URLSearchParams): void {
  const query = toListQuery(parseStatementsSearch(search));
  if (query !== undefined) void client.prefetchQuery(statementsPageQuery(query));
}

/** The URL of the first page of statements a /statements link's page will read, if any. */
export function statementsPageUrlOf(search: URLSearchParams): string | undefined {
  const query = toListQuery(parseStatementsSearch(search));
  return query === undefined ? undefined : statementsPageUrl(query);
}
