/**
 * Address poisoning: an attacker sends dust from an address that shares the first and last
 * characters of one the operator uses, hoping it gets copied from the history. Operators check
 * the ends of an address, so an address matching a saved one at both ends but not in the middle
 * is a warning sign.
 */

/** Characters compared at each end, after the network's fixed prefix. */
export const LOOK_ALIKE_EDGE = 4;

// Fixed prefixes every address of a kind shares: comparing them would flag every pair.
const FIXED_PREFIX = /^(0x|bitcoincash:|bchtest:|bc1[qp]|tb1[qp]|ltc1[qp]|tltc1[qp])/i;

/** Lower-cased where the encoding is case-insensitive (hex, bech32, cashaddr); base58 is not. */
export function normalizeForCompare(address: string): string {
  const trimmed = address.trim();
  return FIXED_PREFIX.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

function significant(address: string): string {
  return normalizeForCompare(address).replace(FIXED_PREFIX, '');
}

export function sameAddress(a: string, b: string): boolean {
  return normalizeForCompare(a) === normalizeForCompare(b);
}

/** True when `candidate` shares the first and last characters of `saved` but is another address. */
export function isLookAlike(candidate: string, saved: string, edge = LOOK_ALIKE_EDGE): boolean {
  if (sameAddress(candidate, saved)) return false;
  const a = significant(candidate);
  const b = significant(saved);
  if (a.length < edge * 2 || b.length < edge * 2) return false;
  return a.slice(0, edge) === b.slice(0, edge) && a.slice(-edge) === b.slice(-edge);
}

/** The saved entries the candidate imitates (none when it is itself saved). */
export function findLookAlikes<T extends { address: string }>(
  candidate: string,
  saved: readonly T[],
): T[] {
  if (candidate.trim() === '') return [];
  if (saved.some((entry) => sameAddress(entry.address, candidate))) return [];
  return saved.filter((entry) => isLookAlike(candidate, entry.address));
}
