import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: ReactNode;
  /** Says what to change to see something. */
  children?: ReactNode;
  action?: ReactNode;
  /**
   * Its heading's level: 2 where it stands for a section of the page (under the page's h1), 3 in
   * a card with a title of its own. A skipped level breaks a screen reader's outline.
   */
  headingLevel?: 2 | 3;
}

export function EmptyState({ title, children, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="state" role="status">
      <Heading className="state__title">{title}</Heading>
      {children && <div className="muted">{children}</div>}
      {action}
    </div>
  );
}
