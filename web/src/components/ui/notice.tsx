import type { ReactNode } from 'react';

interface NoticeProps {
  tone?: 'info' | 'success' | 'warning' | 'danger';
  title?: ReactNode;
  children?: ReactNode;
  /** 'alert' for something that just went wrong, 'status' for news; none for static text. */
  role?: 'alert' | 'status';
}

/** A boxed message: an explanation, an outcome, a warning. */
export function Notice({ tone = 'info', title, children, role }: NoticeProps) {
  return (
    <div className={`notice notice--${tone}`} role={role}>
      {title && <strong>{title}</strong>}
      {title && children ? <div>{children}</div> : children}
    </div>
  );
}
