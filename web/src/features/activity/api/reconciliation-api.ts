import { queryOptions } from '@tanstack/react-query';
import { ReconciliationResponseSchema } from '#contract/activity';
import { apiGet } from '#web/lib/api-client';
import { activityKeys } from './activity-keys';

/** GET /api/reconciliation for one window (the BFF defaults to the last 7 days). */
export const reconciliationQuery = (from?: string, to?: string) =>
  queryOptions({
    queryKey: activityKeys.reconciliation(from, to),
    queryFn: ({ signal }) => {
      const query: Record<string, string> = {};
      if (from) query.from = from;
      if (to) query.to = to;
      return apiGet('/api/reconciliation', ReconciliationResponseSchema, query, signal);
    },
    // A service outage is shown with a retry button; no silent retries behind it.
    retry: false,
  });
