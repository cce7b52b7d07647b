import { queryOptions } from '@tanstack/react-query';
import { ListAuditResponseSchema, type ListAuditQuery } from '#contract/audit';
import { apiGet } from '#web/lib/api-client';

const auditKeys = {
  all: ['audit'] as const,
  page: (query: ListAuditQuery) => [...auditKeys.all, 'page', query] as const,
};

export const auditPageQuery = (query: ListAuditQuery) =>
  queryOptions({
    queryKey: auditKeys.page(query),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/audit',
        ListAuditResponseSchema,
        {
          operator: query.operator,
          action: query.action,
          from: query.from,
          to: query.to,
          limit: query.limit,
          cursor: query.cursor,
        },
        signal,
      ),
    // While the next page of the same filters loads, the current rows stay (dimmed).
    placeholderData: (previous, previousQuery) => {
      const key = previousQuery?.queryKey[2];
      const same =
        key &&
        JSON.stringify({ ...key, cursor: undefined }) ===
          JSON.stringify({ ...query, cursor: undefined });
      return same ? previous : undefined;
    },
    // The trail grows while the operator reads it; a page is still worth refreshing.
    staleTime: 10_000,
  });

export function auditExportUrl(search: URLSearchParams): string {
  const text = search.toString();
  return `/api/audit/export.csv${text ? `?${text}` : ''}`;
}
