import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { isValidElement, Suspense, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { MeResponse } from '#contract/session';
import { ToastProvider } from '#web/components/ui/toast';
import { createQueryClient } from '#web/lib/query-client';

/** The router's query string where a test reads it (`getByTestId('location')`). */
export function LocationSearch() {
  return <output data-testid="location">{useLocation().search}</output>;
}

/** A query client that never retries: a failed read shows its error at once. */
export function retrylessClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** The app's own query client (its retries and 401 handling), background errors ignored. */
export function consoleClient(): QueryClient {
  return createQueryClient({ onBackgroundError: () => undefined });
}

/**
 * `client` signed in as `session` (what GET /api/me answers), as the shell leaves it before a
 * page renders. The one place a component test names the session's query key.
 */
export function signIn(client: QueryClient, session: MeResponse | object): QueryClient {
  client.setQueryData(['me'], session);
  return client;
}

export interface RenderPageOptions {
  /** Where the router starts. */
  url?: string;
  /** The /api/me answer, set in the client's cache before the page renders. */
  session?: MeResponse | object;
  /** Defaults to a client that never retries. */
  client?: QueryClient;
  /** Inside a ToastProvider (pages that toast). */
  toasts?: boolean;
  /** Inside a Suspense boundary that shows "loading". */
  suspense?: boolean;
}

/** Route path to element, for a page that reads its URL's parameters. */
export type PageRoutes = Record<string, ReactNode>;

const isRoutes = (page: ReactNode | PageRoutes): page is PageRoutes =>
  typeof page === 'object' && page !== null && !isValidElement(page) && !Array.isArray(page);

/**
 * A page as the app mounts it (query client, router at `url`, and what `options` add): `page` is
 * the element, shown at whatever URL, or its routes.
 */
export function renderPage(page: ReactNode | PageRoutes, options: RenderPageOptions = {}) {
  const { url = '/', session, client = retrylessClient(), toasts, suspense } = options;
  if (session) signIn(client, session);
  let ui: ReactNode = isRoutes(page) ? (
    <Routes>
      {Object.entries(page).map(([path, element]) => (
        <Route key={path} path={path} element={element} />
      ))}
    </Routes>
  ) : (
    page
  );
  if (suspense) ui = <Suspense fallback="loading">{ui}</Suspense>;
  ui = (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(toasts ? <ToastProvider>{ui}</ToastProvider> : ui);
  return { ...view, client };
}
