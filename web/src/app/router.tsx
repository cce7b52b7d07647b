import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { SkeletonRows } from '../components/ui';
import { AppShell } from './app-shell';
import { NotFoundPage } from './not-found-page';
import { RouteErrorBoundary } from './route-error-boundary';

// Each feature owns its routes (lazy pages: route-level code splitting); the app only lists them.
const featureRoutes: RouteObject[] = [];

export const routes: RouteObject[] = [
  {
    element: (
      // The shell needs the operator (/api/me) before anything renders.
      <RouteErrorBoundary>
        <Suspense fallback={<SkeletonRows rows={4} label="Signing in" />}>
          <AppShell />
        </Suspense>
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <Navigate to="/statements" replace /> },
      ...featureRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
