import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  createPutCryptoDestinationAddressRequestSchema,
  type PutCryptoDestinationAddressRequest,
} from '#contract/destination-addresses';
import type { AddressValidationOptions } from '#contract/networks';
import { toNestedErrors } from '#web/lib/nested-form-errors';
import {
  formPathForAddressRequestPath,
  toPutAddressRequest,
  type AddressFormValues,
} from './address-form-values';

type FormErrors = Record<string, string>;

/**
 * The editor's schema is the contract's request schema (the one the BFF applies to the same
 * body), piped after the mapping from what the operator typed to what will be sent. So the form
 * never disagrees with the server, and the resolver's output is the exact request body.
 */
function createAddressFormSchema(options: AddressValidationOptions) {
  return z
    .custom<AddressFormValues>()
    .transform(toPutAddressRequest)
    .pipe(createPutCryptoDestinationAddressRequestSchema(options));
}

/** Flattens react-hook-form's nested errors into dotted paths ("a.b.c" → message). */
export function flattenFieldErrors(errors: unknown, prefix = '', out: FormErrors = {}): FormErrors {
  if (!errors || typeof errors !== 'object') return out;
  const node = errors as Record<string, unknown>;
  if (typeof node.message === 'string' && typeof node.type === 'string') {
    out[prefix || 'root'] ??= node.message;
  }
  for (const [key, child] of Object.entries(node)) {
    if (key === 'message' || key === 'type' || key === 'ref' || key === 'types') continue;
    flattenFieldErrors(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

// The contract's validators word causes as fragments ("EIP-55 checksum mismatch: ...",
// "enter the address"); under a field they read as sentences.
const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/** Request-path errors (from the schema or the server) keyed by the form field that shows them. */
export function formErrorsFromRequestErrors(
  errors: readonly { path: string; message: string }[],
): FormErrors {
  const out: FormErrors = {};
  for (const { path, message } of errors)
    out[formPathForAddressRequestPath(path || 'root')] ??= sentence(message);
  return out;
}

/** The react-hook-form resolver: the request schema through @hookform/resolvers/zod. */
export function createAddressFormResolver(
  options: AddressValidationOptions,
  /**
   * A withdrawal is waiting for this address (the Travel Rule detour): without a beneficiary the
   * service refuses that withdrawal again, so saving without one is refused here first.
   */
  travelRule: { requireBeneficiary?: boolean } = {},
): Resolver<AddressFormValues, unknown, PutCryptoDestinationAddressRequest> {
  const resolve = zodResolver(createAddressFormSchema(options));
  return async (values, context, resolverOptions) => {
    const result = await resolve(values, context, resolverOptions);
    const requestErrors = Object.entries(flattenFieldErrors(result.errors)).map(
      ([path, message]) => ({ path, message }),
    );
    const errors = formErrorsFromRequestErrors(requestErrors);
    // "Required" says less than what to do on a select.
    if (values.crypto_network === '') errors.crypto_network = 'Choose the network';
    if (errors['physical_address.country'] && values.physical_address.country.trim() === '')
      errors['physical_address.country'] =
        'Choose the country: the service needs it with an address';
    // "Name the VASP" goes on the field to fill in for the chosen way of naming it, so the error
    // clears as that field is typed in (an error on the radio would outlive it).
    if (errors.vasp_kind && values.custodian === 'VASP') {
      if (values.vasp_kind === 'directory') errors.vasp_id = 'Give the VASP’s id in the directory';
      else errors.custom_vasp_name ??= 'Give the VASP’s name and website';
      delete errors.vasp_kind;
    }
    if (travelRule.requireBeneficiary && values.beneficiary_kind === 'none') {
      errors[formPathForAddressRequestPath('travelrule_metadata.beneficiary')] ??=
        'The waiting withdrawal needs the beneficiary: choose who receives the funds';
    }
    if (Object.keys(errors).length > 0) {
      return { values: {}, errors: toNestedErrors<AddressFormValues>(errors) as FieldErrors };
    }
    return result;
  };
}
