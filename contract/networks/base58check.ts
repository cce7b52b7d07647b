import { base58, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';

const base58check = createBase58check(sha256);

/** A decoded base58check string: the version byte and the payload after it. */
type Base58CheckResult =
  { ok: true; version: number; payload: Uint8Array } | { ok: false; reason: string };

/**
 * Decodes base58check (version byte, payload, 4-byte double-SHA-256 checksum), telling apart the
 * causes an operator can act on: a character outside the alphabet, a typo (checksum) or a length
 * that no address of this kind has.
 */
export function decodeBase58Check(address: string, payloadLength: number): Base58CheckResult {
  let raw: Uint8Array;
  try {
    raw = base58.decode(address);
  } catch {
    const bad = [...address].find((c) => !BASE58_ALPHABET.includes(c));
    return {
      ok: false,
      reason:
        bad === undefined
          ? 'not a base58 string'
          : `contains "${bad}", which base58 never uses (no 0, O, I or l)`,
    };
  }
  let body: Uint8Array;
  try {
    body = base58check.decode(address);
  } catch {
    return {
      ok: false,
      reason:
        raw.length === payloadLength + 5
          ? 'checksum mismatch: a character is wrong or missing'
          : 'too short or too long for an address of this kind',
    };
  }
  if (body.length !== payloadLength + 1)
    return { ok: false, reason: 'too short or too long for an address of this kind' };
  return { ok: true, version: body[0] as number, payload: body.subarray(1) };
}

export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
