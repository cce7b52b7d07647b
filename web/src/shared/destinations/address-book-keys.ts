/**
 * The address book's query keys, for every feature that reads it (addresses, withdrawals,
 * approvals): one root, so a save or an archive invalidates every reading of the book at once.
 */
export const addressKeys = {
  all: ['address-book'] as const,
  list: (q: string, network: string) => [...addressKeys.all, 'list', q, network] as const,
  entry: (network: string, address: string, identityId: string) =>
    [...addressKeys.all, 'entry', network, address, identityId] as const,
  destinations: (q: string, network: string, archived: string) =>
    [...addressKeys.all, 'destinations', q, network, archived] as const,
  /** The whole book, for the look-alike check before a save. */
  lookAlike: () => [...addressKeys.all, 'look-alike'] as const,
  /** The book on one network, as a feature reads it (each keeps its own freshness). */
  onNetwork: (reader: 'withdrawal-picker' | 'approval-review', network: string) =>
    [...addressKeys.all, reader, network] as const,
};
