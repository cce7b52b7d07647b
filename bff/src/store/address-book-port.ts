// The address book as the features see it (sql-address-book.ts implements it).
import type { AddressBookEntry, ListAddressesQuery } from '#contract/address-book';
import type { CryptoDestinationAddress } from '#contract/destination-addresses';
import type { OperatorRef } from '#contract/operator-ref';

export interface AddressBook {
  /**
   * Keeps the upstream's answer as the current state of its key and appends it to the history.
   * `request` gives the network and identity when the answer does not echo them.
   */
  recordSaved(
    address: CryptoDestinationAddress,
    operator: OperatorRef,
    request?: { crypto_network?: string; identity_id?: string },
  ): Promise<AddressBookEntry>;
  /**
   * recordSaved for many saves of distinct destinations in one write (an address import's page
   * of rows); each entry's new version, in the order of `saves` (what a page's audit events
   * say; the entries themselves are not read back).
   */
  recordSavedMany(
    saves: ReadonlyArray<{
      address: CryptoDestinationAddress;
      operator: OperatorRef;
      request?: { crypto_network?: string; identity_id?: string };
    }>,
  ): Promise<number[]>;
  find(
    network: string,
    address: string,
    identityId?: string,
  ): Promise<AddressBookEntry | undefined>;
  /**
   * The entries with these keys (archived or not), by key; a key the book has none for is absent.
   * One read for many (an address import's page of rows).
   */
  getMany(keys: readonly string[]): Promise<Map<string, AddressBookEntry>>;
  /** The entry whose saved address has this service id (a PUT by `id` names only that). */
  findById(id: string): Promise<AddressBookEntry | undefined>;
  /** The entry with this key (archived or not). */
  get(key: string): Promise<AddressBookEntry | undefined>;
  list(query: ListAddressesQuery): Promise<AddressBookEntry[]>;
  /** Archives (or brings back) the entry with this key; undefined when the book has none. */
  setArchived(
    key: string,
    archived: boolean,
    operator: OperatorRef,
  ): Promise<AddressBookEntry | undefined>;
  /**
   * Keeps `memo` (undefined clears it) with the entry of this key when it is on one of
   * `networks` (those that use a memo); undefined when the book has no such entry.
   */
  setMemo(
    key: string,
    memo: string | undefined,
    networks: readonly string[],
  ): Promise<AddressBookEntry | undefined>;
  /** Entries after `afterKey` in key order (the export reads the book page by page). */
  page(
    afterKey: string,
    limit: number,
    archived?: ListAddressesQuery['archived'],
  ): Promise<AddressBookEntry[]>;
  history(
    key: string,
  ): Promise<
    Array<{ version: number; at: string; operator: OperatorRef; address: CryptoDestinationAddress }>
  >;
}
