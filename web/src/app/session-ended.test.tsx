import { useQuery } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '#web/lib/api-client';
import { useMe } from '#web/lib/session';
import { resetSessionStatusForTests } from '#web/lib/session-status';
import { meResponse } from '#web/lib/testing/me-response';
import { z } from 'zod';
import { Providers } from './providers';

const problem401 = () =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401 }), {
    status: 401,
    headers: { 'Content-Type': 'application/problem+json' },
  });

/** A page that needs the operator, then reads something else. */
function Page() {
  const me = useMe();
  const other = useQuery({
    queryKey: ['other'],
    queryFn: () => apiGet('/api/other', z.object({})),
  });
  return (
    <p>
      Hello {me.operator.name} {other.isSuccess ? 'loaded' : ''}
    </p>
  );
}

function renderApp() {
  render(
    <Providers>
      <Suspense fallback={<p>Signing in</p>}>
        <Page />
      </Suspense>
    </Providers>,
  );
}

beforeEach(() => resetSessionStatusForTests());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSessionStatusForTests();
});

describe('SessionEnded', () => {
  it('says "You are not signed in", and how, on a first visit with no identity', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => problem401()),
    );
    renderApp();
    await screen.findByRole('heading', { name: 'You are not signed in' });
    screen.getByText(/SSO proxy, which asks for your account/);
    screen.getByRole('button', { name: 'Sign in' });
    expect(screen.queryByText(/session ended/i)).toBeNull();
  });

  it('says "Your session ended" when a 401 comes after the operator was known', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/api/me')
          ? new Response(JSON.stringify(meResponse({ subject: 'a', name: 'Ann' }, ['viewer'])), {
              headers: { 'Content-Type': 'application/json' },
            })
          : problem401(),
      ),
    );
    renderApp();
    await screen.findByRole('heading', { name: 'Your session ended' });
    screen.getByRole('button', { name: 'Sign in again' });
  });

  it('AUTH_MODE=oidc: says "Signed out" and links to the sign-in, back to this page', async () => {
    window.history.pushState({}, '', '/withdrawals/new?asset=BTC');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              type: 'about:blank',
              title: 'Unauthorized',
              status: 401,
              sign_in: '/auth/login',
            }),
            { status: 401, headers: { 'Content-Type': 'application/problem+json' } },
          ),
      ),
    );
    renderApp();
    await screen.findByRole('heading', { name: 'Signed out' });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth/login?return_to=%2Fwithdrawals%2Fnew%3Fasset%3DBTC',
    );
    window.history.pushState({}, '', '/');
  });

  it('never links anywhere else a 401 might name', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ title: 'Unauthorized', status: 401, sign_in: 'https://evil.example' }),
            { status: 401, headers: { 'Content-Type': 'application/problem+json' } },
          ),
      ),
    );
    renderApp();
    await screen.findByRole('heading', { name: 'You are not signed in' });
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});
