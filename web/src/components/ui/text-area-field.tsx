import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds, type FieldCommonProps } from './field';

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
  const ids = useFieldIds({ id, hint, error, required });
  return (
    <FieldFrame {...{ ids, label, hint, error, required, className }}>
      <textarea {...textarea} ref={ref} {...ids.control} className="field__control" />
    </FieldFrame>
  );
}
