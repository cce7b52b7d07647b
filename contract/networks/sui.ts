import { invalidBecause, validForm, type AddressValidation } from './address-validation';

// A Sui address is 32 bytes (a BLAKE2b hash of the key scheme and public key) written as 0x and
// 64 hex digits. There is no checksum in the case (Sui writes lower case), so only the prefix,
// the digits and the length can be checked. Short forms such as 0x2 name system objects, not
// accounts that receive funds. Devnet and testnet use the same form.

const SUI_HEX_DIGITS = 64;

export function validateSuiAddress(address: string): AddressValidation {
  if (/\.sui$/i.test(address))
    return invalidBecause('SuiNS names are not accepted; paste the 0x address itself');
  if (!address.startsWith('0x')) {
    if (address.startsWith('0X')) return invalidBecause('write the prefix as 0x (lower-case x)');
    return invalidBecause(
      /^[0-9a-fA-F]{64}$/.test(address)
        ? 'a Sui address starts with 0x'
        : 'a Sui address is 0x and 64 hex digits',
    );
  }
  const hex = address.slice(2);
  const bad = [...hex].find((c) => !/[0-9a-fA-F]/.test(c));
  if (bad !== undefined) return invalidBecause(`contains "${bad}", which is not a hex digit`);
  if (hex.length !== SUI_HEX_DIGITS)
    return invalidBecause(
      hex.length < SUI_HEX_DIGITS
        ? `too short: a Sui address has 64 hex digits after 0x; this has ${hex.length}`
        : `too long: a Sui address has 64 hex digits after 0x; this has ${hex.length}`,
    );
  // Sui shows addresses in lower case; a mixed-case string was altered on its way here (there
  // is no case checksum that could make it meaningful).
  if (hex !== hex.toLowerCase() && hex !== hex.toUpperCase())
    return invalidBecause(
      'mixes upper- and lower-case hex digits; Sui writes addresses in lower case, copy it again from the wallet',
    );
  if (/^0+$/.test(hex))
    return invalidBecause('this is the zero address; whatever is sent there is lost');
  return validForm('0x + 32 bytes');
}
