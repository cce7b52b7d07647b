import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { prefetchStatementsPage } from './lib/prefetch-statements-page';

// Route-level code splitting: each page is its own chunk, loaded when first visited.
const loadStatementsPage = () => import('./pages/statements-page');
const StatementsPage = lazy(() =>
  loadStatementsPage().then((module) => ({ default: module.StatementsPage })),
);
const StatementDetailPage = lazy(() =>
  import('./pages/statement-detail-page').then((module) => ({
    default: module.StatementDetailPage,
  })),
);

export const statementsRoutes: RouteObject[] = [
  { path: 'statements', element: <StatementsPage /> },
  { path: 'statements/:statementId', element: <StatementDetailPage /> },
];

/**
 * Opening a statements link: its first page of statements and the page's code are asked for
 * while the sign-in (/api/me) is answered, not one after the other once it is. The query is part
 * of the first bundle (its schema and URL parsing are what the page loads anyway), so the request
 * leaves at once instead of queueing behind the page's chunks (bench/statements-page-bench.ts).
 * A failure here is the page's to show when it asks again.
 */
export function preloadStatementsRoute(location: Location, client: QueryClient): void {
  if (location.pathname !== '/statements') return;
  prefetchStatementsPage(client, new URLSearchParams(location.search));
  void loadStatementsPage().catch(() => undefined);
}
