import type { InputHTMLAttributes, Ref } from 'react';
import { FieldError, FieldHint, FieldLabel, useFieldIds, type FieldCommonProps } from './field';

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
  const ids = useFieldIds({ id, hint, error });
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <FieldLabel htmlFor={ids.controlId} required={required}>
        {label}
      </FieldLabel>
      <input
        type="text"
        {...input}
        ref={ref}
        id={ids.controlId}
        className={['field__control', mono && 'mono'].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
      />
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
