/** The answer of every address validator: valid (and which form), or the cause in words. */
export type AddressValidation =
  { valid: true; testnet: boolean; format: string } | { valid: false; reason: string };

export interface AddressValidationOptions {
  /** Testnet forms (tb1..., m/n/2..., bchtest:, ...) are accepted only in sandbox environments. */
  allowTestnet: boolean;
}
