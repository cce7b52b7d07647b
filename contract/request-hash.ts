import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from './canonical-json';

/**
 * The identity of a request: sha256 (hex) of its canonical JSON. Same intent, same hash.
 * Pure (no node:crypto), so the SPA and the local upstream could compute it too; the digest is
 * the one node:crypto gave, so stored hashes still match.
 */
export function requestHash(value: unknown): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson(value))));
}
