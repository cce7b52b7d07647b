import { useQuery } from '@tanstack/react-query';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import {
  destinationFacts,
  useServiceAddress,
} from '#web/shared/destinations/service-address-facts';
import type { DestinationFacts } from '#web/shared/withdrawal-review/withdrawal-review';
import { findBookEntry } from '#web/shared/destinations/find-book-entry';
import { addressBookQuery } from '../api/withdrawal-api';

/** The destination's address-book entry for the review: nickname, beneficiary, Travel Rule. */
export function useReviewDestination(
  body: CreateCryptoWithdrawalRequest | undefined,
): DestinationFacts | undefined {
  const book = useQuery({ ...addressBookQuery(undefined), enabled: body !== undefined });
  const entry =
    body && book.data
      ? findBookEntry(
          book.data.addresses,
          body.crypto_network,
          body.destination_address,
          body.identity_id,
        )
      : undefined;
  // Not in this console's book: the service may hold it (saved elsewhere), with its data.
  const service = useServiceAddress(
    body && {
      network: body.crypto_network,
      address: body.destination_address,
      identityId: body.identity_id,
    },
    book.isSuccess && entry === undefined,
  );
  if (!body) return undefined;
  if (book.isPending) return { status: 'loading' };
  if (book.isError) return { status: 'unavailable' };
  return destinationFacts(entry, service);
}
