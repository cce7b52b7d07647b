import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorState } from '../components/ui/error-state';
import { isApiError } from '../lib/api-error';
import { isChunkLoadError } from '../lib/chunk-load';

interface BoundaryProps {
  children: ReactNode;
  resetKey: string;
  onReset: () => void;
}

interface BoundaryState {
  error: unknown;
  resetKey: string;
}

/** Page errors are shown once, here, in the server's words; navigating away or "Try again" resets. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey !== state.resetKey
      ? { error: undefined, resetKey: props.resetKey }
      : null;
  }

  private retry = () => {
    this.props.onReset();
    this.setState({ error: undefined });
  };

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    // A lazily loaded page that cannot be fetched usually means a new deployment: reload for it.
    const chunkFailed = isChunkLoadError(error);
    return (
      <ErrorState
        error={error}
        title={
          chunkFailed
            ? 'This page could not be loaded: reload to get the current version of the console'
            : isApiError(error)
              ? undefined
              : 'This page failed to load'
        }
        onRetry={chunkFailed ? () => window.location.reload() : this.retry}
      />
    );
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <Boundary resetKey={location.pathname} onReset={reset}>
          {children}
        </Boundary>
      )}
    </QueryErrorResetBoundary>
  );
}
