import type { InputHTMLAttributes, Ref } from 'react';
import { FieldFrame, useFieldIds, type FieldCommonProps } from './field';

export interface TextFieldProps
  extends FieldCommonProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  ref?: Ref<HTMLInputElement>;
  /** Monospace for ids, addresses and amounts. */
  mono?: boolean;
}

/** A labelled input; spreads react-hook-form's register() result (ref included). */
export function TextField({
  label,
  hint,
  error,
  required,
  id,
  className,
  mono,
  ref,
  ...input
}: TextFieldProps) {
  const ids = useFieldIds({ id, hint, error, required });
  return (
    <FieldFrame {...{ ids, label, hint, error, required, className }}>
      <input
        type="text"
        {...input}
        ref={ref}
        {...ids.control}
        className={['field__control', mono && 'mono'].filter(Boolean).join(' ')}
      />
    </FieldFrame>
  );
}
