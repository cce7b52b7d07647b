import { useId, type ReactNode } from 'react';

export interface FieldCommonProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The inline error: shown under the control and announced with it. */
  error?: ReactNode;
  required?: boolean;
  id?: string;
  className?: string;
}

interface FieldIds {
  controlId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  /** aria-describedby for the control: the hint and the error, when present. */
  describedBy: string | undefined;
  /** What the control itself carries (spread after its own props): its id and its aria state. */
  control: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
    'aria-required': true | undefined;
  };
}

/** One place decides how a control is labelled and described, so every field reads the same. */
export function useFieldIds(
  props: Pick<FieldCommonProps, 'id' | 'hint' | 'error' | 'required'>,
): FieldIds {
  const generated = useId();
  const controlId = props.id ?? `field-${generated}`;
  const hintId = props.hint ? `${controlId}-hint` : undefined;
  const errorId = props.error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = {
    id: controlId,
    'aria-invalid': props.error ? (true as const) : undefined,
    'aria-describedby': describedBy,
    'aria-required': props.required ? (true as const) : undefined,
  };
  return { controlId, hintId, errorId, describedBy, control };
}

/**
 * Splits a field's props into what its frame shows (label, hint, error) and what its control
 * takes (everything else), so each kind of field only says how its control looks.
 */
export function useField<P extends FieldCommonProps>({
  label,
  hint,
  error,
  required,
  id,
  className,
  ...rest
}: P) {
  const ids = useFieldIds({ id, hint, error, required });
  return { frame: { ids, label, hint, error, required, className }, aria: ids.control, rest };
}

/** A labelled field: its label, the control (children), then its hint and its error. */
export function FieldFrame({
  ids,
  label,
  hint,
  error,
  required,
  className,
  children,
}: Omit<FieldCommonProps, 'id'> & { ids: FieldIds; children: ReactNode }) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <FieldLabel htmlFor={ids.controlId} required={required}>
        {label}
      </FieldLabel>
      {children}
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}

interface FieldNoteProps {
  id: string | undefined;
  children: ReactNode;
}

/** A line under the control, shown only when there is something to say. */
function FieldNote({ id, children, className }: FieldNoteProps & { className: string }) {
  if (!id || !children) return null;
  return (
    <span id={id} className={className}>
      {children}
    </span>
  );
}

export function FieldHint(props: FieldNoteProps) {
  return <FieldNote {...props} className="field__hint" />;
}

export function FieldError(props: FieldNoteProps) {
  return <FieldNote {...props} className="field__error" />;
}

function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className="field__label">
      {children}
      {required && (
        <span className="field__required" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}
