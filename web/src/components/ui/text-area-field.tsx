import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldError, FieldHint, FieldLabel, useFieldIds, type FieldCommonProps } from './field';

interface TextAreaFieldProps
  extends FieldCommonProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input, e.g. for pasting a list of ids. */
export function TextAreaField({
  label,
  hint,
  error,
  required,
  id,
  className,
  ref,
  ...textarea
}: TextAreaFieldProps) {
  const ids = useFieldIds({ id, hint, error });
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <FieldLabel htmlFor={ids.controlId} required={required}>
        {label}
      </FieldLabel>
      <textarea
        {...textarea}
        ref={ref}
        id={ids.controlId}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
      />
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
