import { queryOptions, skipToken } from '@tanstack/react-query';
import { z } from 'zod';
import {
  HeldForApprovalResponseSchema,
  type ApprovalRequest,
  type HeldForApprovalResponse,
} from '#contract/approvals';
import {
  PutCryptoDestinationAddressResponseSchema,
  type PutCryptoDestinationAddressRequest,
  type PutCryptoDestinationAddressResponse,
} from '#contract/destination-addresses';
import { ListAddressesResponseSchema, type AddressBookEntry } from '#contract/address-book';
import { addressKeys } from '#web/shared/destinations/address-book-keys';
import { findBookEntry } from '#web/shared/destinations/find-book-entry';
import { apiGet, apiRequest } from '#web/lib/api-client';

// The keys live in shared/ (three features read the book); re-exported for this feature's files.
export { addressKeys };

/**
 * The address book entry with exactly this upsert key, if any: what the save will update.
 * Searches by the address, then matches the whole key (network, address, identity id) with the
 * one address rule (canonicalAddress): `0x3A8e…` and `0x3a8e…` are one saved address.
 */
export function addressEntryQuery(network: string, address: string, identityId: string) {
  return queryOptions({
    queryKey: addressKeys.entry(network, address, identityId),
    queryFn:
      network === '' || address === ''
        ? skipToken
        : async ({ signal }): Promise<AddressBookEntry | null> => {
            const { addresses } = await apiGet(
              '/api/addresses',
              ListAddressesResponseSchema,
              // Without a CashAddr prefix, the search finds the entry saved with or without it.
              { q: address.trim().replace(/^[a-z]+:/i, ''), crypto_network: network, limit: 500 },
              signal,
            );
            return (
              findBookEntry(addresses, network, address, identityId, { exactIdentity: true }) ??
              null
            );
          },
  });
}

/** The whole address book (up to 500 entries), for the look-alike check before a save. */
export function savedAddressesQuery() {
  return queryOptions({
    queryKey: addressKeys.lookAlike(),
    queryFn: ({ signal }) =>
      apiGet('/api/addresses', ListAddressesResponseSchema, { limit: 500 }, signal),
    staleTime: 30_000,
  });
}

/** What a save did: saved upstream, or held for approval (HTTP 202: nothing sent yet). */
export type PutAddressResult =
  | { kind: 'saved'; address: PutCryptoDestinationAddressResponse['address'] }
  | { kind: 'held'; approval: ApprovalRequest };

export async function putAddress(
  body: PutCryptoDestinationAddressRequest,
): Promise<PutAddressResult> {
  const { data } = await apiRequest('/api/addresses', {
    method: 'PUT',
    body,
    // A new address or a Travel Rule change the four-eyes policy holds answers 202 { approval }.
    schema: z.union([HeldForApprovalResponseSchema, PutCryptoDestinationAddressResponseSchema]),
  });
  return isHeld(data)
    ? { kind: 'held', approval: data.approval }
    : { kind: 'saved', address: data.address };
}

/** The union's held branch (both were parsed by the union already; this only tells them apart). */
const isHeld = (
  data: HeldForApprovalResponse | PutCryptoDestinationAddressResponse,
): data is HeldForApprovalResponse =>
  'approval' in data && typeof data.approval === 'object' && data.approval !== null;
