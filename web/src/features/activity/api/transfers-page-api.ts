import { queryOptions } from '@tanstack/react-query';
import {
  ListActivityResponseSchema,
  TransferDetailResponseSchema,
  type ListActivityQuery,
} from '#contract/activity';
import { apiGet } from '#web/lib/api-client';
import { activityKeys } from './activity-keys';

/** The query as the api-client's query record (a repeated `type` stays a list). */
export const activityQueryRecord = (query: ListActivityQuery) => {
  const record: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    record[key] = Array.isArray(value) ? value : String(value);
  }
  return record;
};

/** One page of GET /api/transfers; the key is the whole query, cursor included. */
export const transfersPageQuery = (query: ListActivityQuery) =>
  queryOptions({
    queryKey: activityKeys.page(query),
    queryFn: ({ signal }) =>
      apiGet('/api/transfers', ListActivityResponseSchema, activityQueryRecord(query), signal),
  });

/** GET /api/transfers/:id: one transfer as the service reads it now, with its origin. */
export const transferQuery = (id: string) =>
  queryOptions({
    queryKey: activityKeys.transfer(id),
    queryFn: ({ signal }) =>
      apiGet(
        `/api/transfers/${encodeURIComponent(id)}`,
        TransferDetailResponseSchema,
        undefined,
        signal,
      ),
  });
