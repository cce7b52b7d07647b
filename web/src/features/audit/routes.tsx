import type { RouteObject } from 'react-router';
import { lazyPage } from '#web/lib/lazy-page';

const AuditPage = lazyPage(() => import('./pages/audit-page'), 'AuditPage');

export const auditRoutes: RouteObject[] = [{ path: 'audit', element: <AuditPage /> }];
