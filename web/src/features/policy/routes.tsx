import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Route-level code splitting: the Policy page is its own chunk, loaded when first visited.
const PolicyPage = lazy(() =>
  import('./pages/policy-page').then((module) => ({ default: module.PolicyPage })),
);

export const policyRoutes: RouteObject[] = [{ path: 'policy', element: <PolicyPage /> }];
