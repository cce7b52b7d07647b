import type { CryptoNetwork } from '../crypto-network';
import {
  invalidBecause,
  TESTNET_REFUSED,
  type AddressValidation,
  type AddressValidationOptions,
} from './address-validation';
import { ADDRESS_FAMILIES, ADDRESS_FAMILY_IDS } from './families';
import { NETWORK_REGISTRY } from './registry';

export type { AddressValidation, AddressValidationOptions } from './address-validation';
export { TESTNET_REFUSED } from './address-validation';
export { bookKey, canonicalAddress, destinationKey, isSameAddress } from './canonical-address';
export { findLookAlikes, isLookAlike } from './look-alike';

const MAX_ADDRESS_LENGTH = 100;

/** The network an address belongs to when it is not the selected one, in words, if we can tell. */
function identifyOtherNetwork(address: string, selected: CryptoNetwork): string | undefined {
  const own = NETWORK_REGISTRY[selected].family;
  for (const id of ADDRESS_FAMILY_IDS) {
    if (id === own) continue;
    const family = ADDRESS_FAMILIES[id];
    const result = family.validate(address, { allowTestnet: true });
    if (result.valid) return `${family.probeName}${result.testnet ? ' testnet' : ''} address`;
  }
  return undefined;
}

/**
 * Checks an address for a network and names the cause when it does not fit: the network's own
 * reason, or, when the address is valid on another network, that confusion ("this is a Bitcoin
 * address, but LITECOIN is selected"). The SPA calls it as the operator types; the BFF and the
 * sandbox call it as the final word. Callers pass the trimmed address.
 */
export function validateAddress(
  network: CryptoNetwork,
  address: string,
  options: AddressValidationOptions,
): AddressValidation {
  if (address.length === 0) return invalidBecause('enter the address');
  if (/\s/.test(address))
    return invalidBecause('contains spaces or line breaks; paste the address alone');
  // Every supported form is printable ASCII. A look-alike letter (Cyrillic "а") or an invisible
  // character from a copy-paste would otherwise surface as a puzzling checksum error.
  const foreign = [...address].find((c) => c < '!' || c > '~');
  if (foreign !== undefined)
    return invalidBecause(
      `contains the character U+${(foreign.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}, which no address uses (a look-alike letter or an invisible character?)`,
    );
  // The longest accepted form (a prefixed P2SH32 CashAddr) has 73 characters; bounding the
  // input also bounds the base58 decoding, which is quadratic in the length.
  if (address.length > MAX_ADDRESS_LENGTH)
    return invalidBecause(`too long for an address (${address.length} characters)`);
  const result = ADDRESS_FAMILIES[NETWORK_REGISTRY[network].family].validate(address, options);
  // A testnet form of the selected network is that network's address, not a confusion (and m…/n…
  // are shared by the Bitcoin and Litecoin testnets): the testnet refusal is the cause to show.
  if (result.valid || result.reason === TESTNET_REFUSED) return result;
  const other = identifyOtherNetwork(address, network);
  return other ? invalidBecause(`this is ${other}, but ${network} is selected`) : result;
}
