import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds, type FieldCommonProps } from './field';

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
  const ids = useFieldIds({ id, hint, error, required });
  return (
    <FieldFrame {...{ ids, label, hint, error, required, className }}>
      <select {...select} ref={ref} {...ids.control} className="field__control">
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
