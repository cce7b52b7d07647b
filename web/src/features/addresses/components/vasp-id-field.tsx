import type { UseFormReturn } from 'react-hook-form';
import type { PutCryptoDestinationAddressRequest } from '#contract/destination-addresses';
import { TextField } from '#web/components/ui/text-field';
import type { AddressFormValues } from '../lib/address-form-values';

type Form = UseFormReturn<AddressFormValues, unknown, PutCryptoDestinationAddressRequest>;

/**
 * The directory VASP's id as a plain field. One component on purpose: a directory type-ahead
 * can replace it without touching the rest of the form.
 */
export function VaspIdField({ form }: { form: Form }) {
  return (
    <TextField
      label="VASP id"
      required
      mono
      autoComplete="off"
      spellCheck={false}
      hint="The id of the VASP in the service’s directory"
      error={form.getFieldState('vasp_id', form.formState).error?.message}
      {...form.register('vasp_id')}
    />
  );
}
