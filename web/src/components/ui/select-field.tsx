import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, useField, type FieldCommonProps } from './field';

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

export function SelectField({ options, placeholder, ref, ...props }: SelectFieldProps) {
  const { frame, aria, rest } = useField(props);
  return (
    <FieldFrame {...frame}>
      <select {...rest} ref={ref} {...aria} className="field__control">
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

/** The options with the chosen value added when it is not among them (e.g. from a link). */
export function withChosenOption(
  options: readonly SelectOption[],
  chosen: string | undefined,
): readonly SelectOption[] {
  return chosen && !options.some((option) => option.value === chosen)
    ? [...options, { value: chosen, label: chosen }]
    : options;
}
