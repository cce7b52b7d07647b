import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Route-level code splitting: each page is its own chunk, loaded on first visit.
const ApprovalsPage = lazy(() =>
  import('./pages/approvals-page').then((m) => ({ default: m.ApprovalsPage })),
);
const ApprovalPage = lazy(() =>
  import('./pages/approval-page').then((m) => ({ default: m.ApprovalPage })),
);

export const approvalsRoutes: RouteObject[] = [
  { path: 'approvals', element: <ApprovalsPage /> },
  { path: 'approvals/:id', element: <ApprovalPage /> },
];
