import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Route-level code splitting: each page is its own chunk, loaded on first visit.
const WithdrawalsPage = lazy(() =>
  import('./pages/withdrawals-page').then((m) => ({ default: m.WithdrawalsPage })),
);
const NewWithdrawalPage = lazy(() =>
  import('./pages/new-withdrawal-page').then((m) => ({ default: m.NewWithdrawalPage })),
);
const WithdrawalDetailPage = lazy(() =>
  import('./pages/withdrawal-detail-page').then((m) => ({ default: m.WithdrawalDetailPage })),
);

export const withdrawalsRoutes: RouteObject[] = [
  { path: 'withdrawals', element: <WithdrawalsPage /> },
  { path: 'withdrawals/new', element: <NewWithdrawalPage /> },
  { path: 'withdrawals/:refId', element: <WithdrawalDetailPage /> },
];
