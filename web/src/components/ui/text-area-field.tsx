import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, useField, type FieldCommonProps } from './field';

interface TextAreaFieldProps
  extends FieldCommonProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input, e.g. for pasting a list of ids. */
export function TextAreaField({ ref, ...props }: TextAreaFieldProps) {
  const { frame, aria, rest } = useField(props);
  return (
    <FieldFrame {...frame}>
      <textarea {...rest} ref={ref} {...aria} className="field__control" />
    </FieldFrame>
  );
}
