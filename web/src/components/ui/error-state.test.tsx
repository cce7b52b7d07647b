import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { noAnswerProblem } from '#contract/problem';
import { ApiError } from '#web/lib/api-error';
import { ErrorState } from './error-state';

afterEach(cleanup);

describe('ErrorState', () => {
  it('shows no made-up status when the server never answered', () => {
    const error = new ApiError({ ...noAnswerProblem(), detail: 'offline' }, new Headers());
    render(<ErrorState error={error} onRetry={() => undefined} />);
    expect(screen.queryByText(/503/)).toBeNull();
    screen.getByText('offline');
  });

  it('shows the status a server really answered', () => {
    const error = new ApiError(
      { type: 'about:blank', title: 'Bad Gateway', status: 502 },
      new Headers({ 'content-type': 'application/problem+json' }),
    );
    render(<ErrorState error={error} />);
    screen.getByText(/Status 502/);
  });

  it('counts down a 429 Retry-After and holds the retry until then', () => {
    const error = new ApiError(
      { type: 'about:blank', title: 'Too Many Requests', status: 429 },
      new Headers({ 'content-type': 'application/problem+json', 'Retry-After': '12' }),
    );
    render(<ErrorState error={error} onRetry={() => undefined} />);
    screen.getByText(/try again in 12 s/);
    expect((screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('never shows the raw "Unable to preload CSS" message', () => {
    render(
      <ErrorState
        error={new Error('Unable to preload CSS for /assets/statements-page-1a2b.css')}
        title="This page could not be loaded"
      />,
    );
    expect(screen.queryByText(/Unable to preload CSS/)).toBeNull();
    screen.getByText('This page could not be loaded');
  });
});
