import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: ReactNode;
  /** Says what to change to see something. */
  children?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="state" role="status">
      <h3 className="state__title">{title}</h3>
      {children && <div className="muted">{children}</div>}
      {action}
    </div>
  );
}
