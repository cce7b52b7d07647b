import {
  createPutCryptoDestinationAddressRequestSchema,
  type PutCryptoDestinationAddressRequest,
} from '../../../../../contract/destination-addresses';
import type { AddressValidationOptions } from '../../../../../contract/networks';
import {
  formPathForAddressRequestPath,
  toPutAddressRequest,
  type AddressFormValues,
} from './address-form-values';

export type FormErrors = Record<string, string>;

/** Checks the editor with the contract's request schema (the one the BFF applies). */
export function validateAddressForm(
  values: AddressFormValues,
  options: AddressValidationOptions,
): { ok: true; body: PutCryptoDestinationAddressRequest } | { ok: false; errors: FormErrors } {
  const body = toPutAddressRequest(values);
  const errors: FormErrors = {};
  const parsed = createPutCryptoDestinationAddressRequestSchema(options).safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors[formPathForAddressRequestPath(issue.path.map(String).join('.') || 'form')] ??=
        issue.message;
    }
  }
  if (values.crypto_network === '') errors.crypto_network = 'Choose the network';
  if (values.custodian === 'VASP' && !values.vasp_id.trim() && !values.vasp_name.trim()) {
    errors.vasp_name ??= 'Name the VASP by id or name';
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
