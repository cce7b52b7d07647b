import { base32 } from '@scure/base';
import { invalidBecause, validForm, type AddressValidation } from './address-validation';

// Stellar StrKey (SEP-23): RFC 4648 base32 of a version byte, the 32-byte ed25519 key and a
// CRC16-XModem checksum (little-endian). Only account ids (G…) are destinations here; the other
// key types get their own explanation. The test network uses the same keys.

const ACCOUNT_VERSION = 6 << 3; // "G"
const ACCOUNT_LENGTH = 56; // 35 bytes in base32, no padding

export function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The G… StrKey of a 32-byte ed25519 public key. */
export function encodeStellarAccountId(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new Error('an ed25519 public key is 32 bytes');
  const body = Uint8Array.of(ACCOUNT_VERSION, ...publicKey);
  const crc = crc16xmodem(body);
  return base32.encode(Uint8Array.of(...body, crc & 0xff, crc >> 8));
}

const OTHER_KEYS: Record<string, string> = {
  S: 'this is a Stellar secret seed (S…): never share it; ask for the public account id (G…)',
  M: 'muxed accounts (M…) are not accepted; use the G… account id and put the id in the memo',
  C: 'this is a Stellar contract (C…), not an account id (G…)',
  T: 'this is a pre-authorised transaction hash (T…), not an account id (G…)',
  X: 'this is a hash-x signer (X…), not an account id (G…)',
  P: 'this is a signed-payload signer (P…), not an account id (G…)',
  L: 'this is a liquidity pool id (L…), not an account id (G…)',
  B: 'this is a claimable balance id (B…), not an account id (G…)',
};

export function validateStellarAddress(address: string): AddressValidation {
  if (address !== address.toUpperCase())
    return invalidBecause('Stellar account ids are written in capital letters');
  const first = address[0] ?? '';
  if (first !== 'G')
    return invalidBecause(OTHER_KEYS[first] ?? 'a Stellar account id starts with G');
  const bad = [...address].find((c) => !/[A-Z2-7]/.test(c));
  if (bad !== undefined)
    return invalidBecause(`contains "${bad}", which base32 never uses (A–Z and 2–7 only)`);
  if (address.length !== ACCOUNT_LENGTH)
    return invalidBecause(
      `a Stellar account id has ${ACCOUNT_LENGTH} characters; this has ${address.length}`,
    );
  const bytes = base32.decode(address);
  if (bytes[0] !== ACCOUNT_VERSION)
    return invalidBecause('unknown Stellar key version (not an ed25519 account id)');
  const crc = crc16xmodem(bytes.subarray(0, 33));
  if (bytes[33] !== (crc & 0xff) || bytes[34] !== crc >> 8)
    return invalidBecause('Stellar key checksum invalid: a character is wrong');
  return validForm('StrKey account id');
}
