import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldError, FieldHint, useFieldIds } from './field';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({
  label,
  hint,
  error,
  id,
  className,
  ref,
  ...input
}: CheckboxFieldProps) {
  const ids = useFieldIds({ id, hint, error });
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <div className="choice">
        <input {...input} ref={ref} type="checkbox" {...ids.control} />
        <label htmlFor={ids.controlId} className="choice__label">
          {label}
        </label>
      </div>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
