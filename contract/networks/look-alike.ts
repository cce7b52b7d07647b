import { canonicalAddress, isSameAddress } from './canonical-address';

// Address poisoning: an attacker sends dust from an address that shares the first and last
// characters of one the operator uses, hoping it gets copied from the history. Operators check
// the ends of an address, so an address matching a saved one at both ends but not in the middle
// is a warning sign. Shared by the withdrawal form and the address editor (one rule for both).

/** Characters compared at each end, after the network's fixed prefix. */
const LOOK_ALIKE_EDGE = 4;

/** A saved address as the check needs it: its network decides how it is compared. */
interface SavedAddressRef {
  crypto_network: string;
  address: string;
}

// Fixed prefixes every address of a kind shares: comparing them would flag every pair.
const FIXED_PREFIX = /^(0x|bitcoincash:[qpzr]?|bchtest:[qpzr]?|bc1[qp]|tb1[qp]|ltc1[qp]|tltc1[qp])/;

function significant(network: string, address: string): string {
  return canonicalAddress(network, address).replace(FIXED_PREFIX, '');
}

/**
 * The characters the check compares (first and last, after the fixed prefix), or undefined when
 * the address is too short to compare: two addresses with one probe may look alike, two with
 * different probes never do. Lets a store find the candidates of a file's rows by an index.
 */
export function lookAlikeProbe(
  network: string,
  address: string,
  edge = LOOK_ALIKE_EDGE,
): string | undefined {
  const s = significant(network, address);
  return s.length < edge * 2 ? undefined : `${s.slice(0, edge)}…${s.slice(-edge)}`;
}

/**
 * True when `candidate` shares the first and last characters of the `saved` address but is
 * another address, both read by the saved address's network (an EVM hex saved on one EVM
 * network is the same account on the others).
 */
export function isLookAlike(candidate: string, saved: SavedAddressRef, edge = LOOK_ALIKE_EDGE) {
  const network = saved.crypto_network;
  if (isSameAddress(network, candidate, saved.address)) return false;
  const a = significant(network, candidate);
  const b = significant(network, saved.address);
  if (a.length < edge * 2 || b.length < edge * 2) return false;
  return a.slice(0, edge) === b.slice(0, edge) && a.slice(-edge) === b.slice(-edge);
}

/**
 * The saved entries the candidate imitates. A candidate that is itself saved is still checked
 * against the others: once a look-alike got into the book, both it and the genuine address must
 * keep warning.
 */
export function findLookAlikes<T extends SavedAddressRef>(
  candidate: string,
  saved: readonly T[],
): T[] {
  if (candidate.trim() === '') return [];
  return saved.filter((entry) => isLookAlike(candidate, entry));
}
