// TEMPORARY scaffold so the schemas compile; replaced by the per-family validators.
import type { CryptoNetwork } from '../crypto-network';
import type { AddressValidation, AddressValidationOptions } from './address-validation';
export type { AddressValidation, AddressValidationOptions } from './address-validation';

export function validateAddress(
  _network: CryptoNetwork,
  address: string,
  _options: AddressValidationOptions,
): AddressValidation {
  return address.length > 0
    ? { valid: true, testnet: false, format: 'unchecked' }
    : { valid: false, reason: 'empty' };
}
