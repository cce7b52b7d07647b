import type { CryptoDestinationAddress } from '#contract/destination-addresses';
import type { KnownDestination, LookAlikesResponse } from '#contract/destinations';
import { bookKey, destinationKey } from '#contract/networks/canonical-address';
import { findLookAlikes } from '#contract/networks/look-alike';
import type { AddressBook } from '#bff/store/address-book-port';
import type { ApprovalStore } from '#bff/store/approval-port';
import { UNREAD, type ServiceAddressReader } from '#bff/upstream/service-address-reader';

// The destination registry's look-alike check (address poisoning), over every destination it
// knows: the console's book, the service's saved addresses and the changes held for approval.

interface LookAlikeIndexDeps {
  approvals: Pick<ApprovalStore, 'list'>;
  addressBook: Pick<AddressBook, 'list'>;
  service?: Pick<ServiceAddressReader, 'all'> | undefined;
}

/** Pending address requests as known destinations (the look-alike check covers them too). */
async function heldDestinations(
  approvals: LookAlikeIndexDeps['approvals'],
): Promise<KnownDestination[]> {
  const { requests } = await approvals.list({ kind: 'address', status: 'pending', limit: 200 });
  return requests.flatMap((request) => {
    const body = request.address?.request;
    const { crypto_network: network, address, nickname } = body ?? {};
    if (typeof network !== 'string' || typeof address !== 'string') return [];
    return [
      {
        crypto_network: network,
        address,
        ...(typeof nickname === 'string' && nickname !== '' ? { nickname } : {}),
        source: 'held' as const,
        approval_id: request.id,
      },
    ];
  });
}

/**
 * Every destination the registry knows (book, archived entries included, service-held, held for
 * approval), read once: `lookAlikes(address)` are those it imitates (contract/networks/
 * look-alike.ts is the rule), one entry per destination, the book's name first; `serviceHeld`
 * is the service's own saved address of a destination. An import checks a whole file with one.
 */
export async function createLookAlikeIndex(deps: LookAlikeIndexDeps) {
  const unread: LookAlikesResponse['unread'] = [];
  const [book, held, serviceAll] = await Promise.all([
    deps.addressBook.list({ limit: 500, archived: 'include' }),
    heldDestinations(deps.approvals).catch(() => {
      unread.push('held');
      return [];
    }),
    deps.service ? deps.service.all() : Promise.resolve(UNREAD),
  ]);
  if (serviceAll === UNREAD) unread.push('service');
  const serviceList = serviceAll === UNREAD ? [] : serviceAll;
  const known: KnownDestination[] = [
    ...book.map((e) => ({
      crypto_network: e.crypto_network,
      address: e.address,
      ...(e.nickname ? { nickname: e.nickname } : {}),
      source: 'book' as const,
    })),
    ...serviceList.flatMap((a) =>
      a.crypto_network
        ? [
            {
              crypto_network: a.crypto_network,
              address: a.address,
              ...(a.nickname ? { nickname: a.nickname } : {}),
              source: 'service' as const,
            },
          ]
        : [],
    ),
    ...held,
  ];
  const service = new Map<string, CryptoDestinationAddress>();
  for (const a of serviceList)
    if (a.crypto_network) service.set(bookKey(a.crypto_network, a.address, a.identity_id), a);
  return {
    unread,
    lookAlikes(address: string): KnownDestination[] {
      const seen = new Set<string>();
      return findLookAlikes(address, known).filter((entry) => {
        const key = destinationKey(entry.crypto_network, entry.address);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
    serviceHeld(network: string, address: string, identityId?: string) {
      return service.get(bookKey(network, address, identityId));
    },
  };
}
