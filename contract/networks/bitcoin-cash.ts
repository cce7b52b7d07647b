import { bech32 } from '@scure/base';
import {
  invalidBecause,
  TESTNET_REFUSED,
  testnetForm,
  validForm,
  type AddressValidation,
  type AddressValidationOptions,
} from './address-validation';
import { decodeBase58Check } from './base58check';
import { BECH32_ALPHABET } from './bitcoin';

// CashAddr (https://reference.cash/protocol/blockchain/encoding/cashaddr): a prefix, ":", then
// base32 (bech32's alphabet) of a type byte and a hash, with a 40-bit BCH checksum over both. No
// audited library ships it, so the polymod below is the spec's reference code, checked against
// the spec's test vectors; the 8-to-5 bit conversion is @scure/base's.

const GENERATORS = [
  0x98f2bc8e61n,
  0x79b76d99e2n,
  0xf33e5fb3c4n,
  0xae2eabe2a8n,
  0x1e4f43e470n,
] as const;

function polymod(values: readonly number[]): bigint {
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    GENERATORS.forEach((generator, i) => {
      if ((c0 >> BigInt(i)) & 1n) c ^= generator;
    });
  }
  return c ^ 1n;
}

function prefixWords(prefix: string): number[] {
  return [...prefix].map((ch) => ch.charCodeAt(0) & 0x1f);
}

/** Hash sizes in bytes by the type byte's three size bits. */
const HASH_SIZES = [20, 24, 28, 32, 40, 48, 56, 64] as const;

export function encodeCashAddr(prefix: string, type: number, hash: Uint8Array): string {
  const sizeBits = HASH_SIZES.indexOf(hash.length as (typeof HASH_SIZES)[number]);
  if (sizeBits < 0) throw new Error(`no CashAddr size for a ${hash.length}-byte hash`);
  const payload = bech32.toWords(Uint8Array.of((type << 3) | sizeBits, ...hash));
  const mod = polymod([...prefixWords(prefix), 0, ...payload, 0, 0, 0, 0, 0, 0, 0, 0]);
  const checksum = Array.from({ length: 8 }, (_, i) => Number((mod >> BigInt(5 * (7 - i))) & 31n));
  return `${prefix}:${[...payload, ...checksum].map((w) => BECH32_ALPHABET[w]).join('')}`;
}

type CashAddrDecoded =
  { ok: true; prefix: string; type: number; hash: Uint8Array } | { ok: false; reason: string };

/** Decodes `prefix:payload` (one case throughout); checks the checksum, the type byte and the size. */
export function decodeCashAddr(address: string): CashAddrDecoded {
  if (address !== address.toLowerCase() && address !== address.toUpperCase())
    return { ok: false, reason: 'mixes upper and lower case, which CashAddr forbids' };
  const lower = address.toLowerCase();
  const colon = lower.indexOf(':');
  if (colon < 1) return { ok: false, reason: 'has no CashAddr prefix' };
  const prefix = lower.slice(0, colon);
  const body = lower.slice(colon + 1);
  const bad = [...body].find((c) => !BECH32_ALPHABET.includes(c));
  if (bad !== undefined)
    return {
      ok: false,
      reason: `contains "${bad}", which CashAddr never uses (no 1, b, i or o)`,
    };
  const words = [...body].map((c) => BECH32_ALPHABET.indexOf(c));
  if (words.length < 8 + 2) return { ok: false, reason: 'too short for a CashAddr address' };
  if (polymod([...prefixWords(prefix), 0, ...words]) !== 0n)
    return { ok: false, reason: 'CashAddr checksum mismatch: a character is wrong or missing' };
  let bytes: Uint8Array;
  try {
    bytes = bech32.fromWords(words.slice(0, -8));
  } catch {
    return { ok: false, reason: 'invalid padding in the CashAddr payload (a corrupted address)' };
  }
  const versionByte = bytes[0] as number;
  const hash = bytes.subarray(1);
  if (versionByte & 0x80) return { ok: false, reason: 'unknown CashAddr version byte' };
  if (hash.length !== HASH_SIZES[versionByte & 7])
    return { ok: false, reason: 'the CashAddr hash length does not match its type byte' };
  return { ok: true, prefix, type: (versionByte >> 3) & 0x0f, hash };
}

/** Address types we send to: P2PKH (20-byte hash) and P2SH (20, or 32 since the 2023 upgrade),
 * plain or token-aware (CHIP-2022-02: the same script, the wallet also takes CashTokens). */
function cashAddrForm(type: number, hashLength: number): string | undefined {
  const tokenAware = type >= 2 ? ', token-aware' : '';
  if ((type === 0 || type === 2) && hashLength === 20) return `CashAddr P2PKH${tokenAware}`;
  if ((type === 1 || type === 3) && hashLength === 20) return `CashAddr P2SH${tokenAware}`;
  if ((type === 1 || type === 3) && hashLength === 32) return `CashAddr P2SH32${tokenAware}`;
  return undefined;
}

const MAINNET = 'bitcoincash';
const TESTNET = 'bchtest';

function validateCashAddr(address: string, options: AddressValidationOptions): AddressValidation {
  const decoded = decodeCashAddr(address);
  if (!decoded.ok) return invalidBecause(decoded.reason);
  if (decoded.prefix === 'bchreg') return invalidBecause('this is a regtest address');
  if (decoded.prefix !== MAINNET && decoded.prefix !== TESTNET)
    return invalidBecause(`"${decoded.prefix}:" is not a Bitcoin Cash prefix`);
  const form = cashAddrForm(decoded.type, decoded.hash.length);
  if (!form)
    return invalidBecause(
      `CashAddr type ${decoded.type} with a ${decoded.hash.length}-byte hash is not an address we send to`,
    );
  return decoded.prefix === TESTNET ? testnetForm(form, options) : validForm(form);
}

function validateLegacy(address: string, options: AddressValidationOptions): AddressValidation {
  const decoded = decodeBase58Check(address, 20);
  if (!decoded.ok) return invalidBecause(decoded.reason);
  switch (decoded.version) {
    case 0x00:
      return validForm('legacy P2PKH');
    case 0x05:
      return validForm('legacy P2SH');
    case 0x6f:
      return testnetForm('legacy P2PKH', options);
    case 0xc4:
      return testnetForm('legacy P2SH', options);
    default:
      return invalidBecause('not a Bitcoin Cash address (expected bitcoincash:q…, q…, 1… or 3…)');
  }
}

/**
 * Bitcoin Cash: CashAddr with or without its prefix (the prefix is part of the checksum, so a
 * bare payload is checked against "bitcoincash" and, where testnet is allowed, "bchtest"), or the
 * legacy base58 form it shares with Bitcoin.
 */
export function validateBitcoinCashAddress(
  address: string,
  options: AddressValidationOptions,
): AddressValidation {
  if (address.includes(':')) return validateCashAddr(address, options);
  const first = address[0]?.toLowerCase();
  if (first === 'q' || first === 'p' || first === 'z' || first === 'r') {
    const upper = address === address.toUpperCase();
    const asMainnet = validateCashAddr(
      `${upper ? MAINNET.toUpperCase() : MAINNET}:${address}`,
      options,
    );
    if (asMainnet.valid || !asMainnet.reason.includes('checksum')) return asMainnet;
    const asTestnet = validateCashAddr(
      `${upper ? TESTNET.toUpperCase() : TESTNET}:${address}`,
      options,
    );
    return asTestnet.valid || asTestnet.reason === TESTNET_REFUSED ? asTestnet : asMainnet;
  }
  return validateLegacy(address, options);
}
