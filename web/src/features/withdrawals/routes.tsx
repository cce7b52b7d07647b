import type { RouteObject } from 'react-router';
import { lazyPage } from '#web/lib/lazy-page';

const WithdrawalsPage = lazyPage(() => import('./pages/withdrawals-page'), 'WithdrawalsPage');
const NewWithdrawalPage = lazyPage(
  () => import('./pages/new-withdrawal-page'),
  'NewWithdrawalPage',
);
const WithdrawalDetailPage = lazyPage(
  () => import('./pages/withdrawal-detail-page'),
  'WithdrawalDetailPage',
);

export const withdrawalsRoutes: RouteObject[] = [
  { path: 'withdrawals', element: <WithdrawalsPage /> },
  { path: 'withdrawals/new', element: <NewWithdrawalPage /> },
  { path: 'withdrawals/:refId', element: <WithdrawalDetailPage /> },
];
