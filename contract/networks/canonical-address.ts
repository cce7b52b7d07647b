import { ADDRESS_FAMILIES } from './families';
import { networkFacts } from './registry';

// The one rule for "is this the same address?": the BFF's address-book key, the local upstream's
// upsert key, the editor's "already saved" lookup, the look-alike warning and the comparison of a
// transfer with the request that created it all go through canonicalAddress. Two spellings of
// one wallet give one string; two wallets never do.

/**
 * The identity form of an address on a network (not for display: show what the operator typed
 * or the service answered). Surrounding whitespace never counts. EVM and Sui hex: lower case.
 * Bitcoin and Litecoin bech32 (`bc1…`, `ltc1…`): lower case (bech32 is case-insensitive).
 * Bitcoin Cash CashAddr: lower case, with its `bitcoincash:` (or `bchtest:`) prefix, whether or
 * not it was written. Base58 (legacy Bitcoin, Litecoin, Dogecoin, Solana) and Stellar StrKey:
 * exactly as written, since their case carries information. An unknown network (a value the
 * service added later) is only trimmed.
 */
export function canonicalAddress(network: string, address: string): string {
  const trimmed = address.trim();
  // The case rule is the network's family's (families.ts), so every network of a family has it.
  const family = networkFacts(network)?.family;
  return family === undefined ? trimmed : ADDRESS_FAMILIES[family].identity(trimmed);
}

/** Whether two spellings name the same address on a network. */
export function isSameAddress(network: string, a: string, b: string): boolean {
  return canonicalAddress(network, a) === canonicalAddress(network, b);
}

/**
 * The one key of a destination: "NETWORK:canonical address". Withdrawals to it are counted,
 * held and found by this key (rolling limits, held address changes, the batch view, the
 * look-alike index): two spellings of one wallet are one destination.
 */
export function destinationKey(network: string, address: string): string {
  return `${network}:${canonicalAddress(network, address)}`;
}

/**
 * The one key of an address-book entry: the destination and the identity it is saved for
 * ("NETWORK:canonical address:identity", the identity empty when none). The BFF's book, the
 * address-file import and the local upstream's upsert key all use it.
 */
export function bookKey(network: string, address: string, identityId?: string): string {
  return `${destinationKey(network, address)}:${identityId ?? ''}`;
}
