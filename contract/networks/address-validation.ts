/** The answer of every address validator: valid (and which form), or the cause in words. */
export type AddressValidation =
  { valid: true; testnet: boolean; format: string } | { valid: false; reason: string };

export interface AddressValidationOptions {
  /** Testnet forms (tb1..., m/n/2..., bchtest:, ...) are accepted only in sandbox environments. */
  allowTestnet: boolean;
}

export function validForm(format: string, testnet = false): AddressValidation {
  return { valid: true, testnet, format };
}

export function invalidBecause(reason: string): AddressValidation {
  return { valid: false, reason };
}

/** The one wording for a testnet form where the environment moves real money. */
export const TESTNET_REFUSED = 'this is a testnet address; this environment accepts mainnet only';

/** A testnet form is valid only where the options allow it. */
export function testnetForm(format: string, options: AddressValidationOptions): AddressValidation {
  return options.allowTestnet ? validForm(format, true) : invalidBecause(TESTNET_REFUSED);
}
