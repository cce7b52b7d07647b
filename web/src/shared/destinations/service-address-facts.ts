import { skipToken, useQuery } from '@tanstack/react-query';
import { ListServiceAddressesResponseSchema } from '#contract/service-addresses';
import type { ServiceAddress } from '#contract/service-addresses';
import { isSameAddress } from '#contract/networks';
import type { AddressBookEntry } from '#contract/address-book';
import type { DestinationFacts } from '../withdrawal-review/withdrawal-review';
import { apiGet } from '#web/lib/api-client';
import { useMe } from '#web/lib/session';

const serviceAddressKeys = {
  all: ['service-addresses'] as const,
  destination: (network: string, address: string) =>
    [...serviceAddressKeys.all, 'destination', network, address] as const,
};

interface DestinationRef {
  network: string;
  address: string;
  identityId?: string | undefined;
}

/**
 * The service's own saved address for a destination the console's address book does not hold
 * (saved elsewhere, e.g. in the service's dashboard): its nickname and Travel Rule data count for
 * the review as much as the book's. Read only when wanted and when the client may list them
 * (the service_addresses feature); `undefined` while unknown or not held there.
 */
export function useServiceAddress(
  destination: DestinationRef | undefined,
  wanted: boolean,
): { status: 'loading' | 'ready' | 'unavailable' | 'off'; address?: ServiceAddress } {
  const enabled = useMe().features.service_addresses.enabled;
  const on = enabled && wanted && destination !== undefined;
  const query = useQuery({
    queryKey: serviceAddressKeys.destination(
      destination?.network ?? '',
      destination?.address ?? '',
    ),
    queryFn: destination
      ? ({ signal }) =>
          apiGet(
            '/api/service-addresses',
            ListServiceAddressesResponseSchema,
            { q: destination.address, crypto_network: destination.network, limit: 20 },
            signal,
          )
      : skipToken,
    enabled: enabled && wanted,
  });
  if (!on) return { status: 'off' };
  if (query.isPending) return { status: 'loading' };
  if (query.isError) return { status: 'unavailable' };
  const identity = destination.identityId?.trim() ?? '';
  const match = query.data.addresses.find(
    (a) =>
      a.address.crypto_network === destination.network &&
      isSameAddress(destination.network, a.address.address, destination.address) &&
      (identity === '' || (a.address.identity_id ?? '') === identity),
  );
  return match ? { status: 'ready', address: match } : { status: 'ready' };
}

/**
 * The review's facts from the book's entry and, without one, the service's saved address: "not in
 * the address book, Travel Rule missing" only when neither holds it, "unknown" when the service
 * could not be asked.
 */
export function destinationFacts(
  entry: AddressBookEntry | undefined,
  service: ReturnType<typeof useServiceAddress>,
): DestinationFacts {
  if (entry || service.status === 'off') return { status: 'ready', entry };
  if (service.status === 'loading') return { status: 'loading' };
  if (service.status === 'unavailable')
    return { status: 'ready', entry: undefined, serviceUnread: true };
  return {
    status: 'ready',
    entry: undefined,
    ...(service.address ? { service: service.address } : {}),
  };
}
