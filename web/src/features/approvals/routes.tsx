import type { RouteObject } from 'react-router';
import { lazyPage } from '#web/lib/lazy-page';

const ApprovalsPage = lazyPage(() => import('./pages/approvals-page'), 'ApprovalsPage');
const ApprovalPage = lazyPage(() => import('./pages/approval-page'), 'ApprovalPage');

export const approvalsRoutes: RouteObject[] = [
  { path: 'approvals', element: <ApprovalsPage /> },
  { path: 'approvals/:id', element: <ApprovalPage /> },
];
