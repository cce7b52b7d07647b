import type { ReactNode } from 'react';

/** The row of buttons under an outcome (check again, edit, open the address editor...). */
export function OutcomeActions({ actions }: { actions: ReactNode }) {
  return actions ? <div className="row outcome-actions">{actions}</div> : null;
}
