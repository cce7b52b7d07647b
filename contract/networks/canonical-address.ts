import { EVM_NETWORKS } from '../crypto-network';
import { decodeCashAddr } from './bitcoin-cash';

// The one rule for "is this the same address?": the BFF's address-book key, the local upstream's
// upsert key, the editor's "already saved" lookup, the look-alike warning and the comparison of a
// transfer with the request that created it all go through canonicalAddress. Two spellings of
// one wallet give one string; two wallets never do.

// EVM: the letters' case is only the EIP-55 checksum. Sui: hex without a case checksum.
const CASE_INSENSITIVE_NETWORKS: ReadonlySet<string> = new Set([...EVM_NETWORKS, 'SUI']);

const BECH32_NETWORKS: ReadonlySet<string> = new Set(['BITCOIN', 'LITECOIN']);
const CASHADDR_PREFIXES = ['bitcoincash', 'bchtest'] as const;

/** A bare CashAddr payload with the prefix whose checksum it carries, or undefined. */
function prefixedCashAddr(bare: string): string | undefined {
  for (const prefix of CASHADDR_PREFIXES) {
    const candidate = `${prefix}:${bare}`;
    if (decodeCashAddr(candidate).ok) return candidate;
  }
  return undefined;
}

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
  if (CASE_INSENSITIVE_NETWORKS.has(network)) return trimmed.toLowerCase();
  if (BECH32_NETWORKS.has(network))
    return /^(bc|tb|bcrt|ltc|tltc|rltc)1/i.test(trimmed) ? trimmed.toLowerCase() : trimmed;
  if (network === 'BITCOIN_CASH') {
    const lower = trimmed.toLowerCase();
    if (lower.includes(':')) return lower;
    if (/^[qpzr]/.test(lower)) return prefixedCashAddr(lower) ?? `bitcoincash:${lower}`;
    return trimmed;
  }
  return trimmed;
}

/** Whether two spellings name the same address on a network. */
export function isSameAddress(network: string, a: string, b: string): boolean {
  return canonicalAddress(network, a) === canonicalAddress(network, b);
}
