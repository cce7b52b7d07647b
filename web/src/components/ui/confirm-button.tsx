import { useState } from 'react';
import { Button } from './button';

interface ConfirmButtonProps {
  /** The first button: asks, does nothing yet. */
  label: string;
  /** The question shown after the first click. */
  question: string;
  /** The button that acts. */
  confirmLabel: string;
  /** The button that goes back without acting. */
  keepLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  disabled?: boolean;
}

/**
 * A final action in two clicks: the first asks, the second acts. For what cannot be undone (a
 * cancelled request is never sent), so a stray click changes nothing.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  keepLabel,
  onConfirm,
  busy = false,
  disabled = false,
}: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <Button disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  return (
    <span className="row" role="group" aria-label={question}>
      <span>{question}</span>
      <Button variant="danger" busy={busy} disabled={disabled} onClick={onConfirm}>
        {confirmLabel}
      </Button>
      <Button variant="ghost" disabled={busy} onClick={() => setAsking(false)}>
        {keepLabel}
      </Button>
    </span>
  );
}
