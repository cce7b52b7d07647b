import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Route-level code splitting: the audit page is its own chunk, loaded when first visited.
const AuditPage = lazy(() =>
  import('./pages/audit-page').then((module) => ({ default: module.AuditPage })),
);

export const auditRoutes: RouteObject[] = [{ path: 'audit', element: <AuditPage /> }];
