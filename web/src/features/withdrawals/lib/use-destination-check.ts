import { useQuery } from '@tanstack/react-query';
import type { AddressBookEntry } from '#contract/address-book';
import { isKnownCryptoNetwork } from '#contract/crypto-network';
import { findLookAlikes, isSameAddress, validateAddress } from '#contract/networks';
import { useHeldAddresses } from '#web/shared/approvals/held-addresses';
import {
  useRegistryLookAlikes,
  withRegistryLookAlikes,
  type RegistryLookAlike,
} from '#web/shared/destinations/registry-look-alikes';
import { addressBookQuery, savedDestinationsQuery } from '../api/withdrawal-api';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import {
  destinationFacts,
  useServiceAddress,
} from '#web/shared/destinations/service-address-facts';
import type { DestinationFacts } from '#web/shared/withdrawal-review/withdrawal-review';
import { findBookEntry } from '#web/shared/destinations/find-book-entry';

interface DestinationInput {
  network: string;
  address: string;
  identityId: string;
  allowTestnet: boolean;
}

/**
 * An address the typed one may be confused with: saved in the book, held for approval, or known
 * to the BFF's registry (the service's own saved addresses).
 */
export type KnownAddress =
  AddressBookEntry | ReturnType<typeof useHeldAddresses>['addresses'][number] | RegistryLookAlike;

/**
 * What is known of the destination as it is typed: valid or not (the contract's validator, its
 * cause in words), saved in the book (for this identity), held for approval, and the saved or
 * held addresses it only looks like.
 */
export function useDestinationCheck({
  network,
  address,
  identityId,
  allowTestnet,
}: DestinationInput) {
  const book = useQuery(addressBookQuery(undefined));
  const entries = book.data?.addresses ?? [];
  // The picker lists every approved destination on the network, the service's own included.
  const known = isKnownCryptoNetwork(network);
  const destinations = useQuery(savedDestinationsQuery(known ? network : undefined));
  const onNetwork = destinations.data?.destinations ?? [];
  const trimmed = address.trim();

  // Shown once there is enough to judge (a few characters) so the first keystroke is not an error.
  const live =
    trimmed.length >= 6 && known ? validateAddress(network, trimmed, { allowTestnet }) : undefined;
  const saved = trimmed
    ? onNetwork.find(
        (entry) =>
          isSameAddress(network, entry.address, trimmed) &&
          (identityId.trim() === '' || (entry.identity_id ?? '') === identityId.trim()),
      )
    : undefined;
  // Held (pending approval) addresses count for the look-alike check too.
  const { addresses: held, unavailable: heldUnavailable } = useHeldAddresses();
  // The registry adds what the page cannot list (the service's saved addresses), once the address
  // is whole.
  const registry = useRegistryLookAlikes(trimmed, live?.valid === true);
  const lookAlikes: KnownAddress[] = trimmed
    ? withRegistryLookAlikes<KnownAddress>(
        findLookAlikes(trimmed, [...entries, ...held]),
        registry.matches,
      )
    : [];
  const heldHere = trimmed
    ? held.find((h) => h.crypto_network === network && isSameAddress(network, h.address, trimmed))
    : undefined;
  return {
    bookUnavailable: destinations.isError,
    onNetwork,
    trimmed,
    live,
    saved,
    lookAlikes,
    heldHere,
    heldUnavailable,
    serviceUnread: registry.serviceUnread,
  };
}

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
