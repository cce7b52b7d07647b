import type { ApprovalPolicy } from '#contract/approvals';
import type { PutCryptoDestinationAddressRequest } from '#contract/destination-addresses';
import type { AddressBook } from '#bff/store/ports';
import { heldAddressChange, type HeldAddressChange } from './address-change';

/**
 * Whether the four-eyes policy holds this address PUT for an address approver: the change it
 * makes (a new destination, a Travel Rule change) or undefined when it may be saved now. A PUT by
 * `id` names no (network, address): it is judged without the book's entry.
 */
export async function addressChangeHold(
  policy: ApprovalPolicy,
  addressBook: Pick<AddressBook, 'find'>,
  request: PutCryptoDestinationAddressRequest,
): Promise<HeldAddressChange | undefined> {
  if (!policy.addresses.new_addresses && !policy.addresses.travel_rule_changes) return undefined;
  const network = request.crypto_network;
  const existing =
    network !== undefined && request.address !== undefined
      ? await addressBook.find(network, request.address, request.identity_id)
      : undefined;
  return heldAddressChange(policy, request, existing?.upstream, existing !== undefined);
}
