import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Path } from 'react-hook-form';
import { isApiError } from '#web/lib/api-error';
import { addressKeys, putAddress, type PutAddressResult } from '../api/address-api';
import { formErrorsFromRequestErrors } from './address-form-resolver';
import type { AddressFormApi, AddressFormValues } from './address-form-values';

/**
 * The save, and where its answer lands: saved or held goes to `onDone`; fields the server refused
 * go back on the form, each on its field, and `onRefused` gets the first one to focus.
 */
export function useSaveAddress(
  form: AddressFormApi,
  {
    onDone,
    onRefused,
  }: {
    onDone: (result: PutAddressResult) => void;
    onRefused: (firstField: string | undefined) => void;
  },
) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: putAddress,
    onSuccess: (result) => {
      onDone(result);
      void queryClient.invalidateQueries({ queryKey: addressKeys.all });
    },
    onError: (error) => {
      if (!isApiError(error) || error.fieldErrors.length === 0) return;
      // The server refused fields: show each on its field, back on the form.
      const errors = formErrorsFromRequestErrors(error.fieldErrors);
      for (const [path, message] of Object.entries(errors)) {
        if (path === 'root') form.setError('root.server', { type: 'server', message });
        else form.setError(path as Path<AddressFormValues>, { type: 'server', message });
      }
      if (!errors.root) {
        form.setError('root.server', {
          type: 'server',
          message: `${error.problem.title}: the fields marked below were refused.`,
        });
      }
      onRefused(Object.keys(errors).find((path) => path !== 'root'));
    },
  });
  // A refusal with field errors is shown on the form; any other failure is the review's to show.
  const saveError =
    save.isError && !(isApiError(save.error) && save.error.fieldErrors.length > 0)
      ? save.error
      : undefined;
  return { save, saveError };
}
