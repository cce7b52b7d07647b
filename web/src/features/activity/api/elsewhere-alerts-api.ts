import { queryOptions } from '@tanstack/react-query';
import { ElsewhereAlertsResponseSchema } from '#contract/elsewhere-alerts';
import { apiGet } from '#web/lib/api-client';
import { activityKeys } from './activity-keys';

/** How often the nav re-reads the unacknowledged count. */
const ELSEWHERE_POLL_MS = 30_000;

/** GET /api/transfers/elsewhere, polled for the nav badge. */
export const elsewhereAlertsQuery = () =>
  queryOptions({
    queryKey: activityKeys.elsewhere,
    queryFn: ({ signal }) =>
      apiGet('/api/transfers/elsewhere', ElsewhereAlertsResponseSchema, undefined, signal),
    refetchInterval: ELSEWHERE_POLL_MS,
  });
