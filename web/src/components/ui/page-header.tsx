import { useEffect, type ReactNode } from 'react';
import { documentTitle } from '#web/lib/document-title';
import { ButtonLink } from './button-link';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The way back to the list a detail or form page belongs to ("All withdrawals"). */
  back?: { to: string; label: string };
}

/** The page's one h1; also sets the document title so tabs and history read well. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return (
    <div className="page-header">
      <div>
        <h1>{title}</h1>
        {description && <p className="muted">{description}</p>}
      </div>
      {(actions || back) && (
        <div className="page-header__actions">
          {actions}
          {back && (
            <ButtonLink to={back.to} variant="ghost">
              {back.label}
            </ButtonLink>
          )}
        </div>
      )}
    </div>
  );
}
