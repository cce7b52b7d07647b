import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ListServiceAddressesResponseSchema } from '#contract/service-addresses';
import { apiGet } from '#web/lib/api-client';

const SERVICE_ADDRESSES_PAGE = 25;

/** One page of the service's saved addresses, merged by the BFF with the console's record. */
export function serviceAddressesQuery(q: string, network: string, cursor: string | undefined) {
  return queryOptions({
    queryKey: ['service-addresses', q, network, cursor ?? ''] as const,
    queryFn: ({ signal }) =>
      apiGet(
        '/api/service-addresses',
        ListServiceAddressesResponseSchema,
        {
          q: q || undefined,
          crypto_network: network || undefined,
          cursor,
          limit: SERVICE_ADDRESSES_PAGE,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
