import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type ApiError, isApiError } from './api-error';
import { QUERY_ATTEMPTS } from './retry-progress';
import { reportSessionEnded } from './session-status';

interface QueryClientHooks {
  /** A refetch failed while the page still shows earlier data: one toast, not a broken page. */
  onBackgroundError: (message: string) => void;
}

function isUnauthorized(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 401;
}

/** Retry network blips and 5xx a little; never a 4xx (the answer will not change). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_ATTEMPTS - 1;
}

export function createQueryClient(hooks: QueryClientHooks): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error)) {
          reportSessionEnded(error.problem);
          return;
        }
        // First loads show their own error state in the page; only background refetches toast.
        if (query.state.data !== undefined) {
          hooks.onBackgroundError(`Could not refresh: ${error.message}`);
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorized(error)) reportSessionEnded(error.problem);
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      // Writes are never retried behind the operator's back: the withdrawal flow decides.
      mutations: { retry: false },
    },
  });
}
