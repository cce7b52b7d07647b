import { queryOptions } from '@tanstack/react-query';
import { ListDestinationsResponseSchema } from '#contract/destinations';
import { apiGet } from '#web/lib/api-client';
import { addressKeys } from './address-api';

/** Which archived entries the list shows: none (default), or the archived ones alone. */
type ArchivedFilter = 'exclude' | 'only';

/** The address list as one view: the book and the service's saved addresses, each once. */
export function destinationListQuery(q: string, network: string, archived: ArchivedFilter) {
  return queryOptions({
    queryKey: addressKeys.destinations(q, network, archived),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/destinations',
        ListDestinationsResponseSchema,
        {
          q: q.trim() || undefined,
          crypto_network: network || undefined,
          archived: archived === 'only' ? 'only' : undefined,
        },
        signal,
      ),
    placeholderData: (previous) => previous,
  });
}
