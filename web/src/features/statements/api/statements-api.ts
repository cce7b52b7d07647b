import { queryOptions, skipToken } from '@tanstack/react-query';
import {
  ListStatementsResponseSchema,
  STATEMENTS_MAX_LIMIT,
  statementsQueryToSearchParams,
  type ListStatementsQuery,
  type Statement,
} from '#contract/statements';
import { readPages } from '#web/lib/cursor-pages';
import { apiGet, buildUrl } from '#web/lib/api-client';
import type { StatementFilters } from '../lib/statements-url-state';
import { successorOf } from '../lib/superseded';

const toQuery = (query: ListStatementsQuery) => {
  const result: Record<string, string | string[]> = {};
  const params = statementsQueryToSearchParams(query);
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    result[key] = values.length === 1 ? values[0]! : values;
  }
  return result;
};

/** Key factory: every statement read lives under ['statements', ...]. */
export const statementKeys = {
  all: ['statements'] as const,
  /** null: no customer to list (skipped). */
  page: (query: ListStatementsQuery | null) => [...statementKeys.all, 'page', query] as const,
  one: (customerId: string, statementId: string) =>
    [...statementKeys.all, 'one', customerId, statementId] as const,
  successor: (customerId: string, statementId: string | undefined) =>
    [...statementKeys.all, 'successor', customerId, statementId] as const,
  payments: (refId: string) => [...statementKeys.all, 'payments', 'ref', refId] as const,
  /** The "Payments differ" listing: the filters without a page size (every page is read). */
  paymentsDiffer: (filters: StatementFilters) =>
    [...statementKeys.all, 'payments-differ', { ...filters, limit: 0 }] as const,
};

/** The URL a page of statements is read from (what statementsPageQuery asks for). */
export const statementsPageUrl = (query: ListStatementsQuery) =>
  buildUrl('/api/statements', toQuery(query));

/** The filters of a query without its cursor: pages of one listing share it. */
const listingKey = (query: ListStatementsQuery) =>
  JSON.stringify({ ...query, page_cursor: undefined });

/**
 * One page of statements; the key is the whole query, cursor included. Undefined: no customer
 * (or a cut-off id) to list, skipped.
 */
export const statementsPageQuery = (query: ListStatementsQuery | undefined) =>
  queryOptions({
    queryKey: statementKeys.page(query ?? null),
    queryFn: query
      ? ({ signal }) =>
          apiGet('/api/statements', ListStatementsResponseSchema, toQuery(query), signal)
      : skipToken,
    // While the next page of the same listing loads, the current rows stay (dimmed). Rows of other
    // filters or another customer are never shown under new filters: a skeleton instead.
    placeholderData: (previous, previousQuery) => {
      const previousKey = previousQuery?.queryKey[2];
      return previousKey && query && listingKey(previousKey) === listingKey(query)
        ? previous
        : undefined;
    },
  });

/**
 * One statement by id (the upstream has no get-by-id: the list filtered to that id); skipped
 * while either id is missing.
 */
export const statementQuery = (customerId: string, statementId: string) =>
  queryOptions({
    queryKey: statementKeys.one(customerId, statementId),
    queryFn:
      customerId === '' || statementId === ''
        ? skipToken
        : async ({ signal }) => {
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

/** At most this many pages of the customer's statements are read to find a correction. */
const SUCCESSOR_PAGES = 5;

/**
 * The statement that replaces this one (a correction: same group, higher version), or null. The
 * service has no group filter, so the customer's statements are read newest period first
 * (`DESC`) until a page reaches an older period than this one's: a correction has the same
 * period, so it has been seen by then. Null too when it is not found within SUCCESSOR_PAGES.
 */
async function readSuccessor(
  customerId: string,
  statement: Statement,
  signal: AbortSignal,
): Promise<Statement | null> {
  const start = statement.period_start;
  const { items: seen } = await readPages(
    async (cursor) => {
      const answer = await apiGet(
        '/api/statements',
        ListStatementsResponseSchema,
        {
          customer_id: customerId,
          limit: STATEMENTS_MAX_LIMIT,
          order: 'DESC',
          ...(cursor ? { page_cursor: cursor } : {}),
        },
        signal,
      );
      return { items: answer.statements, next: answer.next_page_cursor };
    },
    SUCCESSOR_PAGES,
    // Past this statement's period: its correction, with the same period, has been seen.
    (page) =>
      start !== undefined &&
      page.some((s) => s.period_start !== undefined && s.period_start < start),
  );
  return successorOf(statement, seen) ?? null;
}

/** The correction of a statement (readSuccessor); skipped for one outside a group. */
export const statementSuccessorQuery = (customerId: string, statement: Statement) =>
  queryOptions({
    queryKey: statementKeys.successor(customerId, statement.id),
    queryFn:
      statement.statement_group_id && statement.id
        ? ({ signal }) => readSuccessor(customerId, statement, signal)
        : skipToken,
    staleTime: 60_000,
  });
