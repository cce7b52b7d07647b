import type { ListActivityQuery } from '#contract/activity';

// Its own module: the nav's alert count (on every page's first load) needs the keys, not the
// Activity page's schemas.

/** Key factory: every Activity read lives under ['activity', ...]. */
export const activityKeys = {
  all: ['activity'] as const,
  page: (query: ListActivityQuery) => ['activity', 'page', query] as const,
  reconciliation: (from?: string, to?: string) => ['activity', 'reconciliation', from, to] as const,
  elsewhere: ['activity', 'elsewhere'] as const,
  transfer: (id: string) => ['activity', 'transfer', id] as const,
};
