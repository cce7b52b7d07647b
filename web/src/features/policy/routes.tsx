import type { RouteObject } from 'react-router';
import { lazyPage } from '#web/lib/lazy-page';

const PolicyPage = lazyPage(() => import('./pages/policy-page'), 'PolicyPage');

export const policyRoutes: RouteObject[] = [{ path: 'policy', element: <PolicyPage /> }];
