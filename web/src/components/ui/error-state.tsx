import type { ReactNode } from 'react';
import { isApiError } from '#web/lib/api-error';
import { isChunkLoadError } from '#web/lib/chunk-load';
import { retryAfterSeconds, useCountdown } from '#web/lib/use-countdown';
import { Button } from './button';

interface ErrorStateProps {
  error: unknown;
  title?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  /** Its heading's level: 2 under the page's h1, 3 in a card with a title (see EmptyState). */
  headingLevel?: 2 | 3;
}

/** Says what went wrong in the server's words (problem+json), with a retry. */
export function ErrorState({ error, title, onRetry, retrying, headingLevel = 2 }: ErrorStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const problem = isApiError(error) ? error.problem : undefined;
  const answered = isApiError(error) && !error.noAnswer;
  // A 429 says when to come back: a countdown, and the retry waits for it.
  const wait = useCountdown(
    isApiError(error) && error.status === 429 ? retryAfterSeconds(error.headers) : undefined,
  );
  const heading = title ?? problem?.title ?? 'Something went wrong';
  // A chunk that failed to load says "Unable to preload CSS for /assets/…": the title says it
  // better, so the raw message is not shown.
  const detail = problem
    ? problem.detail
    : error instanceof Error && !isChunkLoadError(error)
      ? error.message
      : undefined;
  return (
    <div className="state state--error" role="alert">
      <Heading className="state__title">{heading}</Heading>
      {detail && <p className="muted">{detail}</p>}
      {wait > 0 && (
        <p className="retry-countdown" aria-live="polite">
          Too many requests: you can try again in {wait} s.
        </p>
      )}
      {problem && (answered || problem.request_id) && (
        <p className="state__meta">
          {answered ? `Status ${problem.status}` : 'No answer from the server'}
          {problem.request_id ? (
            <>
              {' · request '}
              <code>{problem.request_id}</code>
            </>
          ) : null}
        </p>
      )}
      {/* A 403 will answer the same again: no "Try again" that cannot help. */}
      {onRetry && !(isApiError(error) && error.status === 403) && (
        <Button onClick={onRetry} busy={retrying} disabled={wait > 0}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** What QueryErrorState reads of a query (TanStack Query's result has it). */
interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** A failed read's ErrorState: "Try again" reads it again, busy while it does. */
export function QueryErrorState({
  query,
  ...props
}: Omit<ErrorStateProps, 'error' | 'onRetry' | 'retrying'> & { query: FailedQuery }) {
  return (
    <ErrorState
      {...props}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
