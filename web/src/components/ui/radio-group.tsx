import { useId, type ChangeEvent, type FocusEvent, type ReactNode, type Ref } from 'react';

export interface RadioOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

interface RadioGroupProps {
  legend: ReactNode;
  /** The form field name: every radio of the group shares it. */
  name: string;
  options: readonly RadioOption[];
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  vertical?: boolean;
  className?: string;
  /** Controlled use. */
  value?: string;
  /** Works with react-hook-form's register(): onChange, onBlur and ref go to every radio. */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/** A fieldset of radios with a legend, hint and inline error wired to aria-describedby. */
export function RadioGroup({
  legend,
  name,
  options,
  hint,
  error,
  required,
  vertical,
  className,
  value,
  onChange,
  onBlur,
  ref,
  disabled,
}: RadioGroupProps) {
  const base = `radio-${useId()}`;
  const hintId = hint ? `${base}-hint` : undefined;
  const errorId = error ? `${base}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={['field', className].filter(Boolean).join(' ')}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field__label">
        {legend}
        {required && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </legend>
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
      <div
        className={['choice-group', vertical && 'choice-group--vertical'].filter(Boolean).join(' ')}
      >
        {options.map((option) => {
          const optionId = `${base}-${option.value}`;
          const optionHintId = option.hint ? `${optionId}-hint` : undefined;
          return (
            <div className="choice" key={option.value}>
              <input
                type="radio"
                id={optionId}
                name={name}
                value={option.value}
                ref={ref}
                onChange={onChange}
                onBlur={onBlur}
                disabled={disabled || option.disabled}
                aria-describedby={optionHintId}
                {...(value !== undefined ? { checked: value === option.value } : {})}
              />
              <span>
                <label htmlFor={optionId} className="choice__label">
                  {option.label}
                </label>
                {option.hint && (
                  <span id={optionHintId} className="field__hint">
                    {' '}
                    {option.hint}
                  </span>
                )}
              </span>
            </div>
          );
        })}
      </div>
      {error && (
        <span id={errorId} className="field__error">
          {error}
        </span>
      )}
    </fieldset>
  );
}
