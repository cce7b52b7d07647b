import type { AddressValidation, AddressValidationOptions } from './address-validation';
import { validateBase58, type Base58Params } from './bitcoin';

// Dogecoin has no segwit: an address is base58check of a version byte and a 20-byte hash, with
// the version bytes of Dogecoin Core's chainparams.cpp (PUBKEY_ADDRESS / SCRIPT_ADDRESS):
// mainnet 30 ("D…") and 22 ("9…"/"A…"), testnet 113 ("n…") and 196 ("2…", shared with Bitcoin's
// testnet P2SH, so the two cannot be told apart).

export const DOGECOIN_PARAMS: Base58Params = {
  name: 'Dogecoin',
  p2pkh: 0x1e,
  p2sh: 0x16,
  testP2pkh: 0x71,
  testP2sh: 0xc4,
  forms: 'D…, 9… or A…',
};

export function validateDogecoinAddress(
  address: string,
  options: AddressValidationOptions,
): AddressValidation {
  return validateBase58(address, DOGECOIN_PARAMS, options);
}
