import { queryOptions } from '@tanstack/react-query';
import {
  ListStatementsResponseSchema,
  statementsQueryToSearchParams,
  type ListStatementsQuery,
} from '#contract/statements';
import { apiGet, buildUrl } from '#web/lib/api-client';

const toQuery = (query: ListStatementsQuery) => {
  const result: Record<string, string | string[]> = {};
  const params = statementsQueryToSearchParams(query);
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    result[key] = values.length === 1 ? values[0]! : values;
  }
  return result;
};

/** The URL a page of statements is read from (what statementsPageQuery asks for). */
export const statementsPageUrl = (query: ListStatementsQuery) =>
  buildUrl('/api/statements', toQuery(query));

/** The filters of a query without its cursor: pages of one listing share it. */
export const listingKey = (query: ListStatementsQuery) =>
  JSON.stringify({ ...query, page_cursor: undefined });

/** One page of statements; the key is the whole query, cursor included. */
export const statementsPageQuery = (query: ListStatementsQuery) =>
  queryOptions({
    queryKey: ['statements', 'page', query] as const,
    queryFn: ({ signal }) =>
      apiGet('/api/statements', ListStatementsResponseSchema, toQuery(query), signal),
    // While the next page of the same listing loads, the current rows stay (dimmed). Rows of other
    // filters or another customer are never shown under new filters: a skeleton instead.
    placeholderData: (previous, previousQuery) => {
      const previousKey = previousQuery?.queryKey[2];
      return previousKey && listingKey(previousKey) === listingKey(query) ? previous : undefined;
    },
  });

/** One statement by id (the upstream has no get-by-id: the list filtered to that id). */
export const statementQuery = (customerId: string, statementId: string) =>
  queryOptions({
    queryKey: ['statements', 'one', customerId, statementId] as const,
    queryFn: async ({ signal }) => {
      const page = await apiGet(
        '/api/statements',
        ListStatementsResponseSchema,
        { customer_id: customerId, statement_ids: [statementId], limit: 1 },
        signal,
      );
      return page.statements.find((s) => s.id === statementId) ?? null;
    },
  });

export function statementsExportUrl(query: ListStatementsQuery): string {
  const search = statementsQueryToSearchParams(query).toString();
  return `/api/statements/export.csv${search ? `?${search}` : ''}`;
}
