import { skipToken, useQuery } from '@tanstack/react-query';
import { ListAddressesResponseSchema } from '#contract/address-book';
import type { DestinationFacts } from '#web/shared/withdrawal-review/withdrawal-review';
import { apiGet } from '#web/lib/api-client';
import { addressKeys } from '#web/shared/destinations/address-book-keys';
import { findBookEntry } from '#web/shared/destinations/find-book-entry';
import {
  destinationFacts,
  useServiceAddress,
} from '#web/shared/destinations/service-address-facts';

/**
 * The destination's address-book entry for the approver's review (nickname, beneficiary, Travel
 * Rule status), read fresh: what the approver sees is the book as it is now; without one, the
 * service's own saved address.
 */
export function useDestinationFacts(
  destination: { network: string; address: string; identityId?: string } | undefined,
): DestinationFacts | undefined {
  const network = destination?.network ?? '';
  const book = useQuery({
    queryKey: addressKeys.onNetwork('approval-review', network),
    queryFn:
      destination === undefined
        ? skipToken
        : ({ signal }) =>
            apiGet(
              '/api/addresses',
              ListAddressesResponseSchema,
              { crypto_network: network, limit: 500 },
              signal,
            ),
  });
  const entry =
    destination && book.data
      ? findBookEntry(book.data.addresses, network, destination.address, destination.identityId)
      : undefined;
  // Not in this console's book: the service may hold it (saved elsewhere), with its data.
  const service = useServiceAddress(destination, book.isSuccess && entry === undefined);
  if (!destination) return undefined;
  if (book.isPending) return { status: 'loading' };
  if (book.isError) return { status: 'unavailable' };
  return destinationFacts(entry, service);
}
