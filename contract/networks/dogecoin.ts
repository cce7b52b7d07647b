import {
  invalidBecause,
  testnetForm,
  validForm,
  type AddressValidation,
  type AddressValidationOptions,
} from './address-validation';
import { decodeBase58Check } from './base58check';

// Dogecoin has no segwit: an address is base58check of a version byte and a 20-byte hash, with
// the version bytes of Dogecoin Core's chainparams.cpp (PUBKEY_ADDRESS / SCRIPT_ADDRESS):
// mainnet 30 ("D…") and 22 ("9…"/"A…"), testnet 113 ("n…") and 196 ("2…", shared with Bitcoin's
// testnet P2SH, so the two cannot be told apart).

export const DOGECOIN_VERSIONS = {
  p2pkh: 0x1e,
  p2sh: 0x16,
  testP2pkh: 0x71,
  testP2sh: 0xc4,
} as const;

export function validateDogecoinAddress(
  address: string,
  options: AddressValidationOptions,
): AddressValidation {
  const decoded = decodeBase58Check(address, 20);
  if (!decoded.ok) return invalidBecause(decoded.reason);
  switch (decoded.version) {
    case DOGECOIN_VERSIONS.p2pkh:
      return validForm('P2PKH');
    case DOGECOIN_VERSIONS.p2sh:
      return validForm('P2SH');
    case DOGECOIN_VERSIONS.testP2pkh:
      return testnetForm('P2PKH', options);
    case DOGECOIN_VERSIONS.testP2sh:
      return testnetForm('P2SH', options);
    default:
      return invalidBecause('not a Dogecoin address (expected D…, 9… or A…)');
  }
}
