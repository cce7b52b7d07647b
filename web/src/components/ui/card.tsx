import type { HTMLAttributes, ReactNode } from 'react';

interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Heading level of the title (keeps the page outline right). */
  headingLevel?: 2 | 3;
  actions?: ReactNode;
  /** No padding around the body (tables fill the card). */
  flush?: boolean;
}

export function Card({
  title,
  headingLevel = 2,
  actions,
  flush,
  className,
  children,
  ...rest
}: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section {...rest} className={['card', className].filter(Boolean).join(' ')}>
      {(title || actions) && (
        <div className="card__header">
          {title ? <Heading>{title}</Heading> : <span />}
          {actions && <div className="row">{actions}</div>}
        </div>
      )}
      <div className={flush ? 'card__body card__body--flush' : 'card__body'}>{children}</div>
    </section>
  );
}
