import { canonicalAddress } from '#contract/networks/canonical-address';
import { likeStartingWith } from './like-pattern';

// The ledger search (issue 24 item 4): a ref_id, a transaction hash or a destination address by
// the start the operator typed. Addresses keep their network's case rule (canonical-address.ts):
// where case means nothing (EVM, Sui, bech32, CashAddr) any case matches; where it carries
// information (base58, Stellar) only the case as written does. Each searched column holds its
// text behind 'i:' (folded to lower case) or 's:' (as written), so one prefix index
// (migration 018, text_pattern_ops) serves both ways of matching.

/** Whether an address's network gives its letters' case no meaning (the address folds). */
function foldsCase(network: string, address: string): boolean {
  return (
    canonicalAddress(network, address.toUpperCase()) ===
    canonicalAddress(network, address.toLowerCase())
  );
}

/**
 * The destination as the search matches it, written with every new record (column
 * destination_search): 'i:' + lower case, or 's:' + as written. Null without an address.
 */
export function destinationSearchKey(network: unknown, address: unknown): string | null {
  if (typeof address !== 'string' || address.trim() === '') return null;
  const trimmed = address.trim();
  const net = typeof network === 'string' ? network : '';
  return foldsCase(net, trimmed) ? `i:${trimmed.toLowerCase()}` : `s:${trimmed}`;
}

/** The two LIKE patterns a search text is looked up with: as typed, and folded. */
export function searchPatterns(text: string): { asWritten: string; folded: string } {
  const trimmed = text.trim();
  return {
    asWritten: `s:${likeStartingWith(trimmed)}`,
    folded: `i:${likeStartingWith(trimmed.toLowerCase())}`,
  };
}

/**
 * The search's condition, given the placeholders of the text as typed (a LIKE pattern of
 * likeStartingWith) and of searchPatterns' two: each arm is a prefix range on an index.
 */
export function searchCondition(refId: string, asWritten: string, folded: string): string {
  return `(ref_id LIKE ${refId}
    OR destination_search LIKE ${asWritten} OR destination_search LIKE ${folded}
    OR tx_hash_search LIKE ${asWritten} OR tx_hash_search LIKE ${folded})`;
}
