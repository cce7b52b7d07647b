import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Route-level code splitting: each page is its own chunk, loaded when first visited.
const ActivityPage = lazy(() =>
  import('./pages/activity-page').then((module) => ({ default: module.ActivityPage })),
);
const ReconciliationPage = lazy(() =>
  import('./pages/reconciliation-page').then((module) => ({ default: module.ReconciliationPage })),
);

const TransferPage = lazy(() =>
  import('./pages/transfer-page').then((module) => ({ default: module.TransferPage })),
);

export const activityRoutes: RouteObject[] = [
  { path: 'activity', element: <ActivityPage /> },
  { path: 'activity/:id', element: <TransferPage /> },
  { path: 'reconciliation', element: <ReconciliationPage /> },
];
