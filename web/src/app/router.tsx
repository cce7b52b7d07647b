import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router';
import { AppShell, allowedNav } from './app-shell';
import { useMe } from '../lib/session';
import { NotFoundPage } from './not-found-page';
import { RouteErrorBoundary } from './route-error-boundary';
import { ShellPlaceholder } from './shell-placeholder';
import { withdrawalsRoutes } from '../features/withdrawals/routes';
import { batchesRoutes } from '../features/batches/routes';
import { addressesRoutes } from '../features/addresses/routes';
import { preloadStatementsRoute, statementsRoutes } from '../features/statements/routes';
import { auditRoutes } from '../features/audit/routes';
import { approvalsRoutes } from '../features/approvals/routes';
import { passkeysRoutes } from '../features/passkeys/routes';
import { policyRoutes } from '../features/policy/routes';
import { activityRoutes } from '../features/activity/routes';

// Each feature owns its routes; the app only lists them. IMPORTANT for feature authors: use
// `element: <Page />` where Page comes from React.lazy(() => import('./pages/...')) (route-level
// code splitting). Do NOT use the route `lazy` property, loaders, actions, useBlocker, useFetcher
// or other data-router APIs: this app uses the declarative router, which is 16 KB gzip smaller
// and keeps the first page under its 150 KB budget.
const featureRoutes: RouteObject[] = [
  ...statementsRoutes,
  ...addressesRoutes,
  ...withdrawalsRoutes,
  ...batchesRoutes,
  ...auditRoutes,
  ...approvalsRoutes,
  ...passkeysRoutes,
  ...policyRoutes,
  ...activityRoutes,
];

const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { index: true, element: <HomeRedirect /> },
      ...featureRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The first page the operator's roles allow (an address editor has no statements to read). */
function HomeRedirect() {
  const first = allowedNav(useMe().roles)[0];
  return <Navigate to={first?.to ?? '/withdrawals'} replace />;
}

function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  const client = useQueryClient();
  // The page the operator opened starts loading beside the sign-in, not after it.
  useEffect(() => preloadStatementsRoute(window.location, client), [client]);
  return (
    <BrowserRouter>
      {/* The shell needs the operator (/api/me) before anything renders. */}
      <RouteErrorBoundary>
        <Suspense fallback={<ShellPlaceholder />}>
          <AppRoutes />
        </Suspense>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
