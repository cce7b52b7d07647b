import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Route-level code splitting: each page is its own chunk, loaded when first visited.
const StatementsPage = lazy(() =>
  import('./pages/statements-page').then((module) => ({ default: module.StatementsPage })),
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
