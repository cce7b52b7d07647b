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
}

/** One place decides how a control is labelled and described, so every field reads the same. */
export function useFieldIds(props: Pick<FieldCommonProps, 'id' | 'hint' | 'error'>): FieldIds {
  const generated = useId();
  const controlId = props.id ?? `field-${generated}`;
  const hintId = props.hint ? `${controlId}-hint` : undefined;
  const errorId = props.error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

export function FieldHint({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!id || !children) return null;
  return (
    <span id={id} className="field__hint">
      {children}
    </span>
  );
}

export function FieldError({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!id || !children) return null;
  return (
    <span id={id} className="field__error">
      {children}
    </span>
  );
}

export function FieldLabel({
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
