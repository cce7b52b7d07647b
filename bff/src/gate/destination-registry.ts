import type { CryptoDestinationAddress } from '#contract/destination-addresses';
import type { KnownDestination, LookAlikesResponse } from '#contract/destinations';
import { bookKey, canonicalAddress, destinationKey } from '#contract/networks/canonical-address';
import { findLookAlikes } from '#contract/networks/look-alike';
import type { AddressBook } from '#bff/store/address-book-port';
import type {
  ApprovalStore,
  BookDestinationEntry,
  DestinationRecord,
} from '#bff/store/approval-port';
import { UNREAD, type ServiceAddressReader } from '#bff/upstream/service-address-reader';

// One view of "this destination" for every path that moves money or changes a destination: the
// console's address book, the service's own saved addresses (where the client may read them) and
// the four-eyes requests about it. Service-held addresses count as approved: the service's book
// is the operator's own (saved in its dashboard or by this console), and the console cannot hold
// those for approval after the fact. An address the book holds only archived is out of use,
// whatever the service holds (the console cannot delete there): archiving is the console's "no".
// The book's entries in use carry their destination memo: on a memo network the gate sends to a
// book address only with it (destination-gate.ts).

/** Where a destination stands for a withdrawal, in the order the registry decides it. */
type DestinationState =
  'pending' | 'cooling_off' | 'rejected' | 'archived' | 'approved' | 'unknown';

export interface DestinationView {
  crypto_network: string;
  /** As asked (the registry compares canonical forms). */
  address: string;
  state: DestinationState;
  /** The console's address book holds it in use (for some identity). */
  inBook: boolean;
  /** The book's entries of it in use: each one's identity and memo (the gate's memo rule). */
  bookEntries: BookDestinationEntry[];
  /** The service holds it; `unread` when it could not be asked (not asked: the book decided). */
  serviceHeld?: boolean | typeof UNREAD;
  /** pending: the request holding it. */
  approvalId?: string;
  /** cooling_off: when it can receive. */
  receivableFrom?: string;
  /** rejected: the request an address approver rejected, and why. */
  rejection?: DestinationRecord['rejection'];
}

/** A saved address named by its service `id`, as the registry resolved it. */
export interface ResolvedDestination {
  crypto_network: string;
  address: string;
  identity_id?: string;
  /** The address as saved (the book's latest answer, or the service's own). */
  saved: CryptoDestinationAddress;
}

interface DestinationRegistryDeps {
  approvals: Pick<ApprovalStore, 'destinationHold' | 'list'>;
  addressBook: Pick<AddressBook, 'list' | 'findById'>;
  /** Absent: the service's saved addresses are not consulted (unread). */
  service?:
    | (Pick<ServiceAddressReader, 'findDestination' | 'all'> &
        Partial<Pick<ServiceAddressReader, 'findDestinations'>>)
    | undefined;
}

/**
 * What the service holds of destinations read together (serviceHoldings): a destination's saved
 * addresses, UNREAD, or undefined when it was not among them (then it is asked on its own).
 */
export type ServiceHoldings = (
  network: string,
  address: string,
) => CryptoDestinationAddress[] | typeof UNREAD | undefined;

/**
 * Destinations a call of serviceHoldings asks about: a short query string each time (50 EVM
 * addresses are ~2.7 KB of it, under the 8 KB many servers take). 25 made an address import
 * read the service 200 times for 5,000 rows.
 */
const HOLDINGS_PER_CALL = 50;

function stateOf(record: DestinationRecord, serviceHeld: boolean | typeof UNREAD | undefined) {
  if (record.approvalId !== undefined) return 'pending';
  if (record.receivableFrom !== undefined) return 'cooling_off';
  // An approver's "no" stands until a later approval, whoever else holds the address.
  if (record.rejection !== undefined) return 'rejected';
  // Archived in the book (every entry of it): out of use, whoever else holds the address, until
  // it is brought back (held for approval like a new address).
  if (record.archived === true) return 'archived';
  return record.inBook || serviceHeld === true ? 'approved' : 'unknown';
}

/** The service's saved addresses of this destination, or UNREAD (absent: never asked). */
async function serviceHolding(deps: DestinationRegistryDeps, network: string, address: string) {
  return deps.service ? deps.service.findDestination(network, address) : UNREAD;
}

/**
 * Where this destination stands now: one store read, then the service only when the console's
 * records are silent and `askService` (a caller for whom approved and unknown are alike, e.g.
 * with the allowlist off, spares the upstream call: the state is then `unknown`).
 */
async function viewOf(
  deps: DestinationRegistryDeps,
  network: string,
  address: string,
  options: { askService?: boolean } = {},
): Promise<DestinationView> {
  const record = await deps.approvals.destinationHold(network, canonicalAddress(network, address));
  const inBook = record.inBook === true;
  const decidedWithoutService =
    inBook ||
    record.archived === true ||
    record.approvalId !== undefined ||
    record.receivableFrom !== undefined ||
    record.rejection !== undefined;
  const asked = !decidedWithoutService && options.askService !== false;
  const held = asked ? await serviceHolding(deps, network, address) : undefined;
  const serviceHeld = held === undefined ? undefined : held === UNREAD ? UNREAD : held.length > 0;
  return {
    crypto_network: network,
    address,
    state: stateOf(record, serviceHeld),
    inBook,
    bookEntries: record.bookEntries ?? [],
    ...(serviceHeld !== undefined ? { serviceHeld } : {}),
    ...(record.approvalId !== undefined ? { approvalId: record.approvalId } : {}),
    ...(record.receivableFrom !== undefined ? { receivableFrom: record.receivableFrom } : {}),
    ...(record.rejection !== undefined ? { rejection: record.rejection } : {}),
  };
}

/**
 * The (network, address) a PUT by `id` changes: the book's entry with that service id, else the
 * service's own. Undefined when neither knows it; UNREAD when the service could not be asked.
 */
async function resolveIdOf(
  deps: DestinationRegistryDeps,
  id: string,
): Promise<ResolvedDestination | undefined | typeof UNREAD> {
  const entry = await deps.addressBook.findById(id);
  if (entry)
    return {
      crypto_network: entry.crypto_network,
      address: entry.address,
      ...(entry.identity_id !== undefined ? { identity_id: entry.identity_id } : {}),
      saved: entry.upstream,
    };
  const all = deps.service ? await deps.service.all() : UNREAD;
  if (all === UNREAD) return UNREAD;
  const saved = all.find((a) => a.id === id);
  if (!saved?.crypto_network) return undefined;
  return {
    crypto_network: saved.crypto_network,
    address: saved.address,
    ...(saved.identity_id ? { identity_id: saved.identity_id } : {}),
    saved,
  };
}

export function createDestinationRegistry(deps: DestinationRegistryDeps) {
  /** Every destination the registry knows, read once (createLookAlikeIndex). */
  const lookAlikeIndex = () => createLookAlikeIndex(deps);

  /** The known destinations `address` imitates (GET /api/destinations/look-alikes). */
  async function lookAlikes(address: string): Promise<LookAlikesResponse> {
    const index = await lookAlikeIndex();
    return { look_alikes: index.lookAlikes(address), unread: index.unread };
  }

  /**
   * The service's own saved address of this destination (the identity's, or the one with none),
   * undefined when it holds none, UNREAD when it could not be asked: a change of an address saved
   * only at the service is a change of what it holds, never a "new address" (issue 26 item 8).
   */
  async function serviceSaved(
    network: string,
    address: string,
    identityId?: string,
    holdings?: ServiceHoldings,
  ): Promise<CryptoDestinationAddress | undefined | typeof UNREAD> {
    const held = holdings?.(network, address) ?? (await serviceHolding(deps, network, address));
    if (held === UNREAD) return UNREAD;
    return held.find((a) => (a.identity_id ?? '') === (identityId ?? ''));
  }

  /**
   * Whether the service holds Travel Rule data (a beneficiary) for a withdrawal to this
   * destination, by the service's own rule: the identity's saved address when one is named, else
   * any saved address of it. UNREAD when it could not be asked (then nothing can be foreseen).
   */
  async function travelRuleOnFile(
    network: string,
    address: string,
    identityId?: string,
  ): Promise<boolean | typeof UNREAD> {
    const held = await serviceHolding(deps, network, address);
    if (held === UNREAD) return UNREAD;
    const saved =
      identityId === undefined ? held : held.filter((a) => (a.identity_id ?? '') === identityId);
    return saved.some((a) => a.travelrule_metadata?.beneficiary !== undefined);
  }

  /**
   * The service's saved addresses of many destinations, a few dozen to a call (an address
   * import's page of rows), for serviceSaved to answer from: one upstream call a destination
   * was one a row. A destination left unanswered is asked on its own, as before.
   */
  async function serviceHoldings(
    destinations: ReadonlyArray<{ crypto_network: string; address: string }>,
  ): Promise<ServiceHoldings> {
    const service = deps.service;
    const read = new Map<string, CryptoDestinationAddress[] | typeof UNREAD>();
    if (!service?.findDestinations) return () => undefined;
    const byNetwork = new Map<string, string[]>();
    for (const { crypto_network: network, address } of destinations)
      byNetwork.set(network, [...(byNetwork.get(network) ?? []), address]);
    for (const [network, addresses] of byNetwork)
      for (let i = 0; i < addresses.length; i += HOLDINGS_PER_CALL) {
        const chunk = addresses.slice(i, i + HOLDINGS_PER_CALL);
        const held = await service.findDestinations(network, chunk);
        // UNREAD for a chunk: each of its destinations is asked on its own later.
        if (held !== UNREAD)
          for (const [canonical, saved] of held)
            read.set(destinationKey(network, canonical), saved);
      }
    return (network, address) => read.get(destinationKey(network, address));
  }

  return {
    view: (network: string, address: string, options?: { askService?: boolean }) =>
      viewOf(deps, network, address, options),
    resolveId: (id: string) => resolveIdOf(deps, id),
    lookAlikes,
    lookAlikeIndex,
    serviceSaved,
    serviceHoldings,
    travelRuleOnFile,
  };
}

export type DestinationRegistry = ReturnType<typeof createDestinationRegistry>;

// The registry's look-alike check (address poisoning), over every destination it knows: the
// console's book, the service's saved addresses and the changes held for approval.

/** Pending address requests as known destinations (the look-alike check covers them too). */
async function heldDestinations(
  approvals: DestinationRegistryDeps['approvals'],
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
async function createLookAlikeIndex(deps: DestinationRegistryDeps) {
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
