// What a load that failed and is being tried again tells the operator: which attempt, out of how
// many, and why the last one failed. Without it a failing service looked like a slow one for
// seconds (issue 13, item 11).
import { isApiError } from './api-error';

/** Attempts per query: the first and two retries (app/query-client.ts shouldRetry). */
export const QUERY_ATTEMPTS = 3;

export interface RetryProgress {
  /** The attempt under way (2 or more). */
  attempt: number;
  of: number;
  /** Why the previous attempt failed, in the server's words when it answered. */
  reason: string;
}

/** The retry under way, from a TanStack query's state; undefined while nothing has failed yet. */
export function retryProgress(query: {
  failureCount: number;
  failureReason: Error | null;
  isFetching: boolean;
}): RetryProgress | undefined {
  if (!query.isFetching || query.failureCount === 0) return undefined;
  return {
    attempt: Math.min(query.failureCount + 1, QUERY_ATTEMPTS),
    of: QUERY_ATTEMPTS,
    reason: reasonOf(query.failureReason),
  };
}

function reasonOf(error: Error | null): string {
  if (!error) return 'no answer';
  if (!isApiError(error)) return error.message || 'no answer';
  const { title, detail } = error.problem;
  return detail && detail !== title ? `${title}: ${detail}` : title;
}
