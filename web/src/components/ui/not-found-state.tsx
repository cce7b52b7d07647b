import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';

interface NotFoundStateProps {
  /** What was not found, in a sentence ("There is no page at this address."). */
  title: ReactNode;
  /** What the operator can check, one item each (the link, whether it expired...). */
  checks: readonly ReactNode[];
  /** Where to go instead (a link). */
  action?: ReactNode;
}

/**
 * The one "not found" presentation: what is missing, what to check, and where to go. Nothing to
 * try again: the same address answers the same.
 */
export function NotFoundState({ title, checks, action }: NotFoundStateProps) {
  return (
    <EmptyState title={title} action={action}>
      {checks.length > 0 && (
        <>
          <p>Check:</p>
          <ul className="not-found__checks">
            {checks.map((check, index) => (
              <li key={index}>{check}</li>
            ))}
          </ul>
        </>
      )}
    </EmptyState>
  );
}
