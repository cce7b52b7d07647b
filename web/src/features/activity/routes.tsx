import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Route-level code splitting: each page is its own chunk, loaded when first visited.
const ActivityPage = lazy(() =>
  import('./pages/activity-page').then((module) => ({ default: module.ActivityPage })),
);
const ReconciliationPage = lazy(() =>
  import('./pages/reconciliation-page').then((module) => ({ default: module.ReconciliationPage })),
);

export const activityRoutes: RouteObject[] = [
  { path: 'activity', element: <ActivityPage /> },
  { path: 'reconciliation', element: <ReconciliationPage /> },
];
