import type { InputHTMLAttributes, Ref } from 'react';
import { FieldFrame, useField, type FieldCommonProps } from './field';

export interface TextFieldProps
  extends FieldCommonProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  ref?: Ref<HTMLInputElement>;
  /** Monospace for ids, addresses and amounts. */
  mono?: boolean;
}

/** A labelled input; spreads react-hook-form's register() result (ref included). */
export function TextField({ mono, ref, ...props }: TextFieldProps) {
  const { frame, aria, rest } = useField(props);
  return (
    <FieldFrame {...frame}>
      <input
        type="text"
        {...rest}
        ref={ref}
        {...aria}
        className={['field__control', mono && 'mono'].filter(Boolean).join(' ')}
      />
    </FieldFrame>
  );
}
