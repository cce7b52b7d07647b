import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { withdrawalFormResolver, type ReviewedWithdrawal } from './withdrawal-form-resolver';
import {
  EMPTY_WITHDRAWAL_FORM,
  formPathForRequestPath,
  type WithdrawalFormValues,
} from './withdrawal-form-values';

interface WithdrawalFormOptions {
  initialValues: WithdrawalFormValues;
  allowTestnet: boolean;
  /** Field errors the BFF returned for the last submit, shown inline. */
  serverErrors?: readonly { path: string; message: string }[] | undefined;
  /** Every change, so the draft survives a reload or a detour to the address editor. */
  onValuesChange: (values: WithdrawalFormValues) => void;
}

/**
 * The withdrawal form's state: validated by the contract schema through the resolver (on blur,
 * then on change, and once per submit), every change reported for the draft, the server's field
 * errors shown on their fields.
 */
export function useWithdrawalForm({
  initialValues,
  allowTestnet,
  serverErrors,
  onValuesChange,
}: WithdrawalFormOptions) {
  const form = useForm<WithdrawalFormValues, unknown, ReviewedWithdrawal>({
    defaultValues: initialValues,
    resolver: withdrawalFormResolver({ allowTestnet }),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const values = useWatch({ control: form.control }) as WithdrawalFormValues;

  const changeRef = useRef(onValuesChange);
  changeRef.current = onValuesChange;
  useEffect(() => {
    const subscription = form.watch(() => changeRef.current(form.getValues()));
    return () => subscription.unsubscribe();
  }, [form]);

  const { setError } = form;
  useEffect(() => {
    for (const error of serverErrors ?? []) {
      setError(formPathForRequestPath(error.path) as keyof WithdrawalFormValues, {
        type: 'server',
        message: error.message,
      });
    }
  }, [serverErrors, setError]);

  const clear = () => {
    form.reset(EMPTY_WITHDRAWAL_FORM);
    changeRef.current(EMPTY_WITHDRAWAL_FORM);
  };
  return { form, values, clear };
}
