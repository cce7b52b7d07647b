import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { invalidBecause, validForm, type AddressValidation } from './address-validation';

// The networks of the evm family (registry.ts: Ethereum, Polygon PoS, Base ...) share one address
// form: 0x and 20 bytes in hex. EIP-55 puts a checksum in the letters' case; an all-lower or
// all-upper address carries none, so it is accepted as is.

/** The EIP-55 form of an address: a letter is upper case where keccak256(lower hex) has a nibble ≥ 8. */
export function toChecksumAddress(address: string): string {
  const hex = address.replace(/^0x/i, '').toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    const ch = hex[i] as string;
    out += parseInt(hash[i] as string, 16) >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}

export function validateEvmAddress(address: string): AddressValidation {
  if (/\.[a-z]+$/i.test(address))
    return invalidBecause('names such as ENS are not accepted; paste the 0x address itself');
  if (/^[0-9a-fA-F]{40}$/.test(address)) return invalidBecause('an EVM address starts with 0x');
  if (!address.startsWith('0x'))
    return invalidBecause(
      address.startsWith('0X')
        ? 'write the prefix as 0x (lower-case x)'
        : 'an EVM address starts with 0x',
    );
  const hex = address.slice(2);
  const bad = [...hex].find((c) => !/[0-9a-fA-F]/.test(c));
  if (bad !== undefined) return invalidBecause(`contains "${bad}", which is not a hex digit`);
  if (hex.length !== 40)
    return invalidBecause(`an EVM address has 40 hex digits after 0x; this has ${hex.length}`);
  if (/^0+$/.test(hex))
    return invalidBecause('this is the zero address; whatever is sent there is burned');
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase())
    return validForm('no checksum (single case)');
  if (toChecksumAddress(address) !== address)
    return invalidBecause('EIP-55 checksum mismatch: a character or its case is wrong');
  return validForm('EIP-55 checksummed');
}
