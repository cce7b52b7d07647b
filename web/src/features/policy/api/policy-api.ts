import { queryOptions } from '@tanstack/react-query';
import { PolicyUsageResponseSchema } from '#contract/policy-usage';
import { apiGet } from '#web/lib/api-client';

const policyKeys = {
  all: ['policy'] as const,
  usage: () => [...policyKeys.all, 'usage'] as const,
};

/** What each rolling limit's window holds now (GET /api/policy/usage). */
export const policyUsageQuery = () =>
  queryOptions({
    queryKey: policyKeys.usage(),
    queryFn: ({ signal }) =>
      apiGet('/api/policy/usage', PolicyUsageResponseSchema, undefined, signal),
    // A window moves with every withdrawal: read again when the operator comes back to it.
    staleTime: 15_000,
  });
