import { bech32, bech32m } from '@scure/base';
import {
  invalidBecause,
  testnetForm,
  validForm,
  type AddressValidation,
  type AddressValidationOptions,
} from './address-validation';
import { decodeBase58Check } from './base58check';

// Bitcoin and Litecoin share their address machinery: base58check with a version byte for the
// P2PKH/P2SH forms, and bech32 (witness v0, BIP-173) or bech32m (v1+, BIP-350) for native segwit.

export const BECH32_ALPHABET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

type SegwitDecoded =
  { ok: true; hrp: string; version: number; program: Uint8Array } | { ok: false; reason: string };

/**
 * A segwit address decoded exactly as BIP-173 amended by BIP-350 says: any witness version 0..16
 * with a 2..40-byte program (20 or 32 for v0), bech32 for v0 and bech32m for v1+. Which versions a
 * network can spend is the caller's decision (see validateSegwit).
 */
export function decodeSegwitAddress(address: string): SegwitDecoded {
  if (address !== address.toLowerCase() && address !== address.toUpperCase())
    return { ok: false, reason: 'mixes upper and lower case, which bech32 forbids' };
  if (address.length > 90) return { ok: false, reason: 'too long for a bech32 address' };
  const lower = address.toLowerCase();
  const separator = lower.lastIndexOf('1');
  if (separator < 1) return { ok: false, reason: 'has no bech32 prefix (such as bc1)' };
  const hrp = lower.slice(0, separator);
  const data = lower.slice(separator + 1);
  if ([...hrp].some((c) => c.charCodeAt(0) < 33 || c.charCodeAt(0) > 126))
    return { ok: false, reason: 'the prefix holds a character bech32 does not allow' };
  const bad = [...data].find((c) => !BECH32_ALPHABET.includes(c));
  if (bad !== undefined)
    return {
      ok: false,
      reason: `contains "${bad}", which bech32 never uses after the separator (no 1, b, i or o)`,
    };
  if (data.length < 6) return { ok: false, reason: 'too short: the bech32 checksum is incomplete' };

  const asBech32 = bech32.decodeUnsafe(lower);
  const asBech32m = asBech32 ? undefined : bech32m.decodeUnsafe(lower);
  const decoded = asBech32 ?? asBech32m;
  if (!decoded)
    return { ok: false, reason: 'bech32 checksum mismatch: a character is wrong or missing' };
  const [version, ...programWords] = decoded.words;
  if (version === undefined) return { ok: false, reason: 'has no witness version or program' };
  if (version > 16) return { ok: false, reason: `witness version ${version} does not exist` };
  let program: Uint8Array;
  try {
    program = bech32.fromWords(programWords);
  } catch {
    return { ok: false, reason: 'invalid padding in the witness program (a corrupted address)' };
  }
  if (program.length < 2 || program.length > 40)
    return { ok: false, reason: `a witness program of ${program.length} bytes does not exist` };
  if (version === 0 && program.length !== 20 && program.length !== 32)
    return { ok: false, reason: 'a witness version 0 program is 20 or 32 bytes long' };
  if (version === 0 && asBech32m)
    return { ok: false, reason: 'witness version 0 uses the bech32 checksum, not bech32m' };
  if (version !== 0 && asBech32)
    return {
      ok: false,
      reason: `witness version ${version} uses the bech32m checksum (BIP-350); this is the outdated bech32 form`,
    };
  return { ok: true, hrp, version, program };
}

interface ChainParams {
  name: string;
  hrp: string;
  testHrp: string;
  p2pkh: number;
  p2sh: number;
  testP2pkh: number;
  testP2sh: number;
  /** What the operator should see first: the forms in use. */
  forms: string;
}

const BITCOIN_PARAMS: ChainParams = {
  name: 'Bitcoin',
  hrp: 'bc',
  testHrp: 'tb',
  p2pkh: 0x00,
  p2sh: 0x05,
  testP2pkh: 0x6f,
  testP2sh: 0xc4,
  forms: 'bc1…, 1… or 3…',
};

// Litecoin's P2SH moved from version 5 ("3…", shared with Bitcoin) to 50 ("M…"). We accept only
// "M…": a "3…" string is far more often a Bitcoin address typed for the wrong network, and the
// cross-network check then names it as such. Likewise "2…" on Litecoin testnet (its "Q…" is used).
const LITECOIN_PARAMS: ChainParams = {
  name: 'Litecoin',
  hrp: 'ltc',
  testHrp: 'tltc',
  p2pkh: 0x30,
  p2sh: 0x32,
  testP2pkh: 0x6f,
  testP2sh: 0x3a,
  forms: 'ltc1…, L… or M…',
};

/** A decoded segwit address judged for a network: only outputs that can be spent today pass. */
function validateSegwit(
  address: string,
  params: ChainParams,
  options: AddressValidationOptions,
): AddressValidation {
  const decoded = decodeSegwitAddress(address);
  if (!decoded.ok) return invalidBecause(decoded.reason);
  const testnet = decoded.hrp === params.testHrp;
  if (decoded.hrp !== params.hrp && !testnet)
    return invalidBecause(`not a ${params.name} address (expected ${params.forms})`);
  let format: string;
  if (decoded.version === 0)
    format = decoded.program.length === 20 ? 'SegWit P2WPKH' : 'SegWit P2WSH';
  else if (decoded.version === 1 && decoded.program.length === 32) format = 'Taproot P2TR';
  else
    // BIP-350 asks wallets to accept future versions; a payments console must not: no recipient
    // should ever hand one out today, and coins sent there are anyone-can-spend until defined.
    return invalidBecause(
      `witness version ${decoded.version} with a ${decoded.program.length}-byte program is not in use on ${params.name}; coins sent there could be lost`,
    );
  return testnet ? testnetForm(`${format}, bech32`, options) : validForm(format);
}

/** What a base58check P2PKH/P2SH address family needs: its version bytes and how to name it. */
export type Base58Params = Pick<
  ChainParams,
  'name' | 'p2pkh' | 'p2sh' | 'testP2pkh' | 'testP2sh' | 'forms'
>;

/** A base58check address of 20-byte hash judged by its version byte (Bitcoin, Litecoin, Dogecoin). */
export function validateBase58(
  address: string,
  params: Base58Params,
  options: AddressValidationOptions,
): AddressValidation {
  const decoded = decodeBase58Check(address, 20);
  if (!decoded.ok) return invalidBecause(decoded.reason);
  switch (decoded.version) {
    case params.p2pkh:
      return validForm('P2PKH');
    case params.p2sh:
      return validForm('P2SH');
    case params.testP2pkh:
      return testnetForm('P2PKH', options);
    case params.testP2sh:
      return testnetForm('P2SH', options);
    default:
      return invalidBecause(`not a ${params.name} address (expected ${params.forms})`);
  }
}

function looksLikeSegwit(address: string, params: ChainParams): boolean {
  const lower = address.toLowerCase();
  return lower.startsWith(`${params.hrp}1`) || lower.startsWith(`${params.testHrp}1`);
}

function validateChain(
  address: string,
  params: ChainParams,
  options: AddressValidationOptions,
): AddressValidation {
  if (looksLikeSegwit(address, params)) return validateSegwit(address, params, options);
  const other = decodeSegwitAddress(address);
  if (other.ok)
    return invalidBecause(
      `not a ${params.name} address: the prefix "${other.hrp}1" is another network's (expected ${params.forms})`,
    );
  return validateBase58(address, params, options);
}

export function validateBitcoinAddress(
  address: string,
  options: AddressValidationOptions,
): AddressValidation {
  return validateChain(address, BITCOIN_PARAMS, options);
}

export function validateLitecoinAddress(
  address: string,
  options: AddressValidationOptions,
): AddressValidation {
  if (address.toLowerCase().startsWith('ltcmweb1'))
    return invalidBecause('MWEB (ltcmweb1…) addresses are not supported; use an ltc1… address');
  return validateChain(address, LITECOIN_PARAMS, options);
}
