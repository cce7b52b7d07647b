import type { RouteObject } from 'react-router';
import { lazyPage } from '#web/lib/lazy-page';

const ActivityPage = lazyPage(() => import('./pages/activity-page'), 'ActivityPage');
const ReconciliationPage = lazyPage(
  () => import('./pages/reconciliation-page'),
  'ReconciliationPage',
);

const TransferPage = lazyPage(() => import('./pages/transfer-page'), 'TransferPage');

export const activityRoutes: RouteObject[] = [
  { path: 'activity', element: <ActivityPage /> },
  { path: 'activity/:id', element: <TransferPage /> },
  { path: 'reconciliation', element: <ReconciliationPage /> },
];
