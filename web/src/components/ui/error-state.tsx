import type { ReactNode } from 'react';
import { isApiError } from '../../lib/api-error';
import { Button } from './button';

export interface ErrorStateProps {
  error: unknown;
  title?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}

/** Says what went wrong in the server's words (problem+json), with a retry. */
export function ErrorState({ error, title, onRetry, retrying }: ErrorStateProps) {
  const problem = isApiError(error) ? error.problem : undefined;
  const heading = title ?? problem?.title ?? 'Something went wrong';
  const detail = problem ? problem.detail : error instanceof Error ? error.message : undefined;
  return (
    <div className="state state--error" role="alert">
      <h3 className="state__title">{heading}</h3>
      {detail && <p className="muted">{detail}</p>}
      {problem && (
        <p className="state__meta">
          Status {problem.status}
          {problem.request_id ? (
            <>
              {' · request '}
              <code>{problem.request_id}</code>
            </>
          ) : null}
        </p>
      )}
      {onRetry && (
        <Button onClick={onRetry} busy={retrying}>
          Try again
        </Button>
      )}
    </div>
  );
}
