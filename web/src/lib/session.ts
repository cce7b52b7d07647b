import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { MeResponseSchema, type MeResponse, type Role } from '#contract/session';
import { apiGet } from './api-client';
import { reportSignedIn } from './session-status';

const sessionKeys = { me: ['me'] as const };

const meQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me,
    queryFn: async ({ signal }) => {
      const me = await apiGet('/api/me', MeResponseSchema, undefined, signal);
      reportSignedIn();
      return me;
    },
    staleTime: 5 * 60_000,
  });

/**
 * The signed-in operator. The shell loads it before any page renders, so pages read it without a
 * loading state.
 */
export function useMe(): MeResponse {
  return useSuspenseQuery(meQueryOptions()).data;
}

function hasRole(me: Pick<MeResponse, 'roles'> | undefined, role: Role): boolean {
  return me?.roles.includes(role) ?? false;
}

/** For hiding actions the operator's roles do not allow: `useHasRole('withdrawal-initiator')`. */
export function useHasRole(role: Role): boolean {
  return hasRole(useMe(), role);
}
