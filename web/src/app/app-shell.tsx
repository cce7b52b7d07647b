import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import type { Environment, Role } from '../../../contract/session';
import { SkeletonRows } from '../components/ui/skeleton';
import { useMe } from './me-queries';
import { RouteErrorBoundary } from './route-error-boundary';

const ROLE_LABELS: Record<Role, string> = {
  viewer: 'Viewer',
  'address-editor': 'Address editor',
  'withdrawal-initiator': 'Withdrawal initiator',
};

const NAV = [
  { to: '/statements', label: 'Statements' },
  { to: '/addresses', label: 'Addresses' },
  { to: '/withdrawals', label: 'Withdrawals' },
  { to: '/audit', label: 'Audit' },
] as const;

/** Always visible, one colour per kind, so nobody mistakes Production for a sandbox. */
export function EnvironmentBanner({ environment }: { environment: Environment }) {
  const suffix =
    environment.kind === 'production'
      ? ': real funds move'
      : environment.kind === 'local'
        ? ': in-process test upstream, no real funds'
        : ': test funds only';
  return (
    <div
      className={`env-banner env-banner--${environment.kind}`}
      role="region"
      aria-label="Environment"
    >
      <strong>{environment.name}</strong>
      <span>{suffix}</span>
    </div>
  );
}

export function AppShell() {
  const me = useMe();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <EnvironmentBanner environment={me.environment} />
      <header className="app-header">
        <a className="app-header__brand" href="/statements">
          Asset Ops Console
        </a>
        <nav className="app-nav" aria-label="Main">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="app-header__operator" aria-label="Signed in operator">
          <span
            className="app-header__operator-name"
            title={me.operator.email ?? me.operator.subject}
          >
            {me.operator.name}
          </span>
          {me.roles.length === 0 ? (
            <span className="role-badge">No roles</span>
          ) : (
            me.roles.map((role) => (
              <span key={role} className="role-badge">
                {ROLE_LABELS[role]}
              </span>
            ))
          )}
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <RouteErrorBoundary>
          <Suspense fallback={<SkeletonRows rows={8} />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
    </>
  );
}
