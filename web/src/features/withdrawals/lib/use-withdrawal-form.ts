import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useOperatorContext } from './use-operator-context';
import {
  withdrawalFormResolver,
  type ReviewedWithdrawal,
  type WithdrawalFormContext,
} from './withdrawal-form-model';
import {
  EMPTY_WITHDRAWAL_FORM,
  formPathForRequestPath,
  type WithdrawalFormValues,
} from './withdrawal-form-model';

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
  // One object for the form's life, read by the resolver when it runs (after this render).
  const context = useRef<WithdrawalFormContext>({}).current;
  const form = useForm<WithdrawalFormValues, unknown, ReviewedWithdrawal>({
    defaultValues: initialValues,
    resolver: withdrawalFormResolver({ allowTestnet }),
    context,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  // First in line, as on the page: a failed submit focuses the first field with an error, in the
  // order fields registered, and these two register in child components (the choosers).
  form.register('profile_id');
  form.register('asset');
  const values = useWatch({ control: form.control }) as WithdrawalFormValues;
  const operatorContext = useOperatorContext(values.profile_id ?? '', values.asset ?? '');
  context.balance = operatorContext.checkedBalance;

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

  // A balance read again (or first read) settles an amount error shown against the older one.
  const balance = operatorContext.balance;
  useEffect(() => {
    if (form.getFieldState('amount_value').error) void form.trigger('amount_value');
  }, [form, balance?.available, balance?.read_at]);

  const clear = () => {
    form.reset(EMPTY_WITHDRAWAL_FORM);
    changeRef.current(EMPTY_WITHDRAWAL_FORM);
  };
  return { form, values, clear, operatorContext };
}
