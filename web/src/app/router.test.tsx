import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRouter } from './router';
import { stubFetch } from '#web-test/fetch-stub';

const CUSTOMER = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';

const requested = () =>
  fetchMock.mock.calls.map((call) => new URL(String(call[0]), 'http://localhost').pathname);

beforeEach(() => {
  // The sign-in never answers: whatever else is asked for is asked beside it, not after it.
});

const fetchMock = stubFetch(() => new Promise<Response>(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AppRouter />
    </QueryClientProvider>,
  );
  return client;
}

describe('AppRouter', () => {
  it('asks for a statements link’s page while the sign-in is still on its way', async () => {
    renderAt(`/statements?customer_id=${CUSTOMER}&limit=1000`);
    await vi.waitFor(() => expect(requested()).toContain('/api/statements'), { timeout: 5_000 });
    expect(requested()).toContain('/api/me');
    const statementsCall = fetchMock.mock.calls
      .map((call) => new URL(String(call[0]), 'http://localhost'))
      .find((url) => url.pathname === '/api/statements')!;
    expect(statementsCall.searchParams.get('customer_id')).toBe(CUSTOMER);
    expect(statementsCall.searchParams.get('limit')).toBe('1000');
  });

  it('asks for nothing more than the sign-in on a page without a customer', async () => {
    const client = renderAt('/statements');
    await vi.waitFor(() => expect(requested()).toContain('/api/me'));
    // The preload ran in render's effects (a prefetch would be in the cache by now); wait for the
    // page chunk it loads to settle rather than for a while: then nothing is left to ask.
    await act(() => import('#web/features/statements/pages/statements-page'));
    expect(client.getQueryCache().getAll()).toHaveLength(1);
    expect(requested()).toEqual(['/api/me']);
  });
});
