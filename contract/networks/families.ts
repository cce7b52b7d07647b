import type { AddressValidation, AddressValidationOptions } from './address-validation';
import { validateBitcoinAddress, validateLitecoinAddress } from './bitcoin';
import { decodeCashAddr, validateBitcoinCashAddress } from './bitcoin-cash';
import { validateDogecoinAddress } from './dogecoin';
import { validateEvmAddress } from './evm';
import { validateSolanaAddress } from './solana';
import { validateStellarAddress } from './stellar';
import { validateSuiAddress } from './sui';

// An address family: the networks that share one address form. A network names its family in
// the registry (registry.ts); what an address of the family is, how two spellings of it compare,
// and how it is named when it turns up on another network are decided here, once per family.

interface AddressFamily {
  /** The address check (callers pass the trimmed address; index.ts checks the characters first). */
  validate: (address: string, options: AddressValidationOptions) => AddressValidation;
  /** The case rule: the identity form of a trimmed address (canonical-address.ts). */
  identity: (trimmed: string) => string;
  /** How an address of the family is named when it is pasted on another network's field. */
  probeName: string;
}

/** Base58 and Stellar StrKey: the case carries information, so the address is kept as written. */
const asWritten = (trimmed: string) => trimmed;
/** Hex (EVM, Sui): the letters' case is only the EIP-55 checksum, or nothing. */
const lowerCase = (trimmed: string) => trimmed.toLowerCase();

/** Bech32 (`bc1…`, `ltc1…` and their test forms) is case-insensitive; base58 is not. */
function bech32LowerCase(trimmed: string): string {
  return /^(bc|tb|bcrt|ltc|tltc|rltc)1/i.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

const CASHADDR_PREFIXES = ['bitcoincash', 'bchtest'] as const;

/** A bare CashAddr payload with the prefix whose checksum it carries, or undefined. */
function prefixedCashAddr(bare: string): string | undefined {
  for (const prefix of CASHADDR_PREFIXES) {
    const candidate = `${prefix}:${bare}`;
    if (decodeCashAddr(candidate).ok) return candidate;
  }
  return undefined;
}

/** CashAddr: lower case, with its prefix whether or not it was written; legacy base58 as written. */
function cashAddrIdentity(trimmed: string): string {
  const lower = trimmed.toLowerCase();
  if (lower.includes(':')) return lower;
  if (/^[qpzr]/.test(lower)) return prefixedCashAddr(lower) ?? `bitcoincash:${lower}`;
  return trimmed;
}

/**
 * Every family. The order is the probe order of "this is a … address, but X is selected": where
 * two families accept one string, the first named wins (a legacy `1…` is called Bitcoin rather
 * than Bitcoin Cash; a testnet `2…` Bitcoin rather than Dogecoin).
 */
export const ADDRESS_FAMILIES = {
  bitcoin: { validate: validateBitcoinAddress, identity: bech32LowerCase, probeName: 'a Bitcoin' },
  litecoin: {
    validate: validateLitecoinAddress,
    identity: bech32LowerCase,
    probeName: 'a Litecoin',
  },
  'bitcoin-cash': {
    validate: validateBitcoinCashAddress,
    identity: cashAddrIdentity,
    probeName: 'a Bitcoin Cash',
  },
  evm: { validate: validateEvmAddress, identity: lowerCase, probeName: 'an EVM (Ethereum-style)' },
  solana: { validate: validateSolanaAddress, identity: asWritten, probeName: 'a Solana' },
  stellar: { validate: validateStellarAddress, identity: asWritten, probeName: 'a Stellar' },
  dogecoin: { validate: validateDogecoinAddress, identity: asWritten, probeName: 'a Dogecoin' },
  sui: { validate: validateSuiAddress, identity: lowerCase, probeName: 'a Sui' },
} satisfies Record<string, AddressFamily>;

export type AddressFamilyId = keyof typeof ADDRESS_FAMILIES;

/** The families in probe order. */
export const ADDRESS_FAMILY_IDS = Object.keys(ADDRESS_FAMILIES) as AddressFamilyId[];
