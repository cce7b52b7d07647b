import { queryOptions, skipToken } from '@tanstack/react-query';
import {
  ProfileBalancesResponseSchema,
  ProfilesResponseSchema,
  PROFILES_PAGE_MAX,
  type Profile,
} from '#contract/profiles';
import { WithdrawalLimitsResponseSchema } from '#contract/transfer-limits';
import { readPages } from '#web/lib/cursor-pages';
import { apiGet } from '#web/lib/api-client';

const profileKeys = {
  all: ['profiles'] as const,
  list: () => [...profileKeys.all, 'all'] as const,
  balances: (profileId: string) => [...profileKeys.all, profileId, 'balances'] as const,
};

const withdrawalLimitKeys = { all: ['withdrawal-limits'] as const };

/** At most this many pages of profiles are read for the chooser (100 each). */
const PROFILE_PAGES_MAX = 10;

/**
 * Every profile the service lists (GET /api/profiles, page after page): read once per form and
 * narrowed in the browser as the operator types, never a request per keystroke.
 */
export const profilesQuery = () =>
  queryOptions({
    queryKey: profileKeys.list(),
    queryFn: async ({ signal }): Promise<Profile[]> => {
      const { items } = await readPages(async (cursor) => {
        const answer = await apiGet(
          '/api/profiles',
          ProfilesResponseSchema,
          { limit: String(PROFILES_PAGE_MAX), page_cursor: cursor },
          signal,
        );
        return { items: answer.items, next: answer.next_page_cursor };
      }, PROFILE_PAGES_MAX);
      return items;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * What one profile holds (GET /api/profiles/:id/balances), with the time the BFF read it ('':
 * none chosen, skipped).
 */
export const profileBalancesQuery = (profileId: string) =>
  queryOptions({
    queryKey: profileKeys.balances(profileId),
    queryFn:
      profileId === ''
        ? skipToken
        : ({ signal }) =>
            apiGet(
              `/api/profiles/${encodeURIComponent(profileId)}/balances`,
              ProfileBalancesResponseSchema,
              undefined,
              signal,
            ),
    staleTime: 60_000,
    retry: false,
  });

/** The crypto withdrawal limits and what is left of each (GET /api/withdrawal-limits). */
export const withdrawalLimitsQuery = () =>
  queryOptions({
    queryKey: withdrawalLimitKeys.all,
    queryFn: ({ signal }) =>
      apiGet('/api/withdrawal-limits', WithdrawalLimitsResponseSchema, undefined, signal),
    staleTime: 30_000,
    retry: false,
  });
