import { holdsAddressChanges, type ApprovalPolicy } from '#contract/approvals';
import type { PutCryptoDestinationAddressRequest } from '#contract/destination-addresses';
import { CONSOLE_PROBLEM_TYPES } from '#contract/problem';
import { HttpProblem } from '#bff/http/http-problem';
import type { AddressBook } from '#bff/store/address-book-port';
import { UNREAD } from '#bff/upstream/service-address-reader';
import { heldAddressChange, type HeldAddressChange } from './address-change';
import type { DestinationRegistry, ResolvedDestination } from './destination-registry';

/** The destination a PUT changes: named by (network, address), or resolved from its `id`. */
type PutDestination = Omit<ResolvedDestination, 'saved'> & {
  saved?: ResolvedDestination['saved'];
};

/** A held change and the destination it holds (withdrawals to it wait, its cooling-off follows). */
type HeldAddressPut = HeldAddressChange & { destination?: PutDestination | undefined };

interface AddressGateDeps {
  addressBook: Pick<AddressBook, 'find'>;
  /** Resolves a PUT by `id` (absent: a PUT by id is judged without the saved entry). */
  destinations?: Pick<DestinationRegistry, 'resolveId' | 'serviceSaved'> | undefined;
}

/** 409: a PUT by `id` the registry cannot place, so no gate could judge it; nothing is sent. */
function unresolved(id: string, unread: boolean): HttpProblem {
  return new HttpProblem({
    type: CONSOLE_PROBLEM_TYPES.destinationUnresolved,
    title: 'Destination Unresolved',
    status: 409,
    detail: unread
      ? `The saved address ${id} is not in the address book and the service's saved addresses could not be read: save the change by network and address instead.`
      : `No saved address has the id ${id} (neither the address book nor the service's saved addresses): save the change by network and address instead.`,
  });
}

async function putDestination(
  deps: AddressGateDeps,
  request: PutCryptoDestinationAddressRequest,
): Promise<PutDestination | undefined> {
  const { id, crypto_network: network, address } = request;
  if (network !== undefined && address !== undefined)
    return {
      crypto_network: network,
      address,
      ...(request.identity_id !== undefined ? { identity_id: request.identity_id } : {}),
    };
  if (id === undefined || !deps.destinations) return undefined;
  const resolved = await deps.destinations.resolveId(id);
  if (resolved === undefined || resolved === UNREAD) throw unresolved(id, resolved === UNREAD);
  return resolved;
}

/**
 * Whether the four-eyes policy holds this address PUT for an address approver: the change it
 * makes (a new destination, a Travel Rule change) and its destination, or undefined when it may
 * be saved now. A PUT by `id` is judged as the destination that id names (the registry resolves
 * it from the book or the service), so it meets the same hold and cooling-off as one by
 * (network, address); an id nobody knows is refused (409 Destination Unresolved).
 */
export async function addressChangeHold(
  policy: ApprovalPolicy,
  deps: AddressGateDeps,
  request: PutCryptoDestinationAddressRequest,
): Promise<HeldAddressPut | undefined> {
  if (!holdsAddressChanges(policy)) return undefined;
  const destination = await putDestination(deps, request);
  const existing = destination
    ? await deps.addressBook.find(
        destination.crypto_network,
        destination.address,
        destination.identity_id,
      )
    : undefined;
  // Saved at the service but not through this console: its data is what a change is judged by
  // (a service that cannot be asked leaves it unknown: judged as new, the stricter reading).
  const atService =
    existing || destination?.saved || !destination || !deps.destinations
      ? undefined
      : await deps.destinations.serviceSaved(
          destination.crypto_network,
          destination.address,
          destination.identity_id,
        );
  const before =
    existing?.upstream ?? destination?.saved ?? (atService === UNREAD ? undefined : atService);
  const change = heldAddressChange(policy, request, before, before !== undefined);
  return change ? { ...change, destination } : undefined;
}
