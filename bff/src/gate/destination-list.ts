import type { AddressBookEntry, ListAddressesQuery } from '#contract/address-book';
import type { CryptoDestinationAddress } from '#contract/destination-addresses';
import type { DestinationListItem, ListDestinationsResponse } from '#contract/destinations';
import { foldSearchText } from '#contract/search-fold';
import type { AddressBook } from '#bff/store/address-book-port';
import { UNREAD, type ServiceAddressReader } from '#bff/upstream/service-address-reader';

/** The service's own text an operator searches: nickname, beneficiary and VASP names, VASP id. */
function searchableText(a: CryptoDestinationAddress): string {
  const m = a.travelrule_metadata;
  const person = m?.beneficiary?.person_details;
  return [
    a.nickname,
    person?.first_name,
    person?.last_name,
    m?.beneficiary?.institution_details?.name,
    m?.vasp?.name,
    m?.vasp?.custom_vasp_name,
    m?.vasp?.id,
  ]
    .filter(Boolean)
    .join(' ');
}

const bare = (text: string) => text.replace(/^[A-Za-z]+:/, '').toLowerCase();

/** The book's search rule (sql-address-book.ts) for a service-held address. */
function serviceMatches(a: CryptoDestinationAddress, q: string | undefined): boolean {
  const term = q?.trim().toLowerCase();
  if (!term) return true;
  const address = a.address.toLowerCase();
  return (
    foldSearchText(searchableText(a)).includes(foldSearchText(term)) ||
    address.startsWith(term) ||
    address.endsWith(term) ||
    bare(address).startsWith(bare(term))
  );
}

function fromBook(entry: AddressBookEntry): DestinationListItem {
  return { ...entry, source: 'book' };
}

function fromService(
  a: CryptoDestinationAddress & { crypto_network: string },
): DestinationListItem {
  return {
    key: `service:${a.id}`,
    source: 'service',
    crypto_network: a.crypto_network,
    address: a.address,
    ...(a.identity_id ? { identity_id: a.identity_id } : {}),
    ...(a.nickname ? { nickname: a.nickname } : {}),
    bookmarked: a.bookmarked === true,
    has_travel_rule: a.travelrule_metadata?.beneficiary !== undefined,
    upstream: a,
  };
}

/**
 * The address list as one view (issue 26 item 6): the book's entries and, after them, the
 * service's saved addresses the book does not hold (a service address the book holds is listed
 * once, as the book's entry). Archived entries stay out unless asked for; then the service's
 * rows are not listed (they have no archive).
 */
export async function listDestinations(
  deps: {
    addressBook: Pick<AddressBook, 'list' | 'find'>;
    service?: Pick<ServiceAddressReader, 'all'> | undefined;
  },
  query: ListAddressesQuery,
): Promise<ListDestinationsResponse> {
  const limit = query.limit ?? 100;
  const book = await deps.addressBook.list({ ...query, limit });
  const all = deps.service ? await deps.service.all() : UNREAD;
  if (all === UNREAD) return { destinations: book.map(fromBook), service_unread: true };
  const destinations = book.map(fromBook);
  if (query.archived === 'only') return { destinations, service_unread: false };
  for (const a of all) {
    if (destinations.length >= limit) break;
    const network = a.crypto_network;
    if (!network || (query.crypto_network && network !== query.crypto_network)) continue;
    if (!serviceMatches(a, query.q)) continue;
    // Saved through this console (archived or not): the book's entry is the one row.
    const held = await deps.addressBook.find(network, a.address, a.identity_id);
    if (held) continue;
    destinations.push(fromService({ ...a, crypto_network: network }));
  }
  return { destinations, service_unread: false };
}
