import { TextField } from '#web/components/ui/text-field';
import type { AddressFormApi } from '../lib/address-form-values';

/**
 * The directory VASP's id as a plain field. One component on purpose: a directory type-ahead
 * can replace it without touching the rest of the form.
 */
export function VaspIdField({ form }: { form: AddressFormApi }) {
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
