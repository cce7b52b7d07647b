import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldError, FieldHint, FieldLabel, useFieldIds, type FieldCommonProps } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface SelectFieldProps
  extends FieldCommonProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  options: readonly SelectOption[];
  /** A first, empty choice ("Choose a network"). */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({
  label,
  hint,
  error,
  required,
  id,
  className,
  options,
  placeholder,
  ref,
  ...select
}: SelectFieldProps) {
  const ids = useFieldIds({ id, hint, error });
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <FieldLabel htmlFor={ids.controlId} required={required}>
        {label}
      </FieldLabel>
      <select
        {...select}
        ref={ref}
        id={ids.controlId}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
