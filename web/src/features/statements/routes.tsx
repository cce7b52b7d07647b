import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { lazyPage } from '#web/lib/lazy-page';
import { prefetchStatementsPage } from './lib/prefetch-statements-page';

const loadStatementsPage = () => import('./pages/statements-page');
const StatementsPage = lazyPage(loadStatementsPage, 'StatementsPage');
const StatementDetailPage = lazyPage(
  () => import('./pages/statement-detail-page'),
  'StatementDetailPage',
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
