import { lazy, Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { DevOperatorSwitch } from './dev-operator-switch';
import type { Environment, Role } from '#contract/session';
import { SkeletonRows } from '../components/ui/skeleton';
import { useMe } from '../lib/session';
import { RouteErrorBoundary } from './route-error-boundary';
import { ThemeToggle } from './theme-toggle';

const ROLE_LABELS: Record<Role, string> = {
  viewer: 'Viewer',
  'address-editor': 'Address editor',
  'withdrawal-initiator': 'Withdrawal initiator',
  'withdrawal-approver': 'Withdrawal approver',
  'address-approver': 'Address approver',
};

/**
 * The pages and the roles the BFF serves them to (bff/src/auth/require-role.ts): the navigation
 * shows only what the operator may use, so no link leads to a page that then refuses.
 */
const NAV: readonly { to: string; label: string; roles: readonly Role[] }[] = [
  { to: '/statements', label: 'Statements', roles: ['viewer'] },
  {
    to: '/addresses',
    label: 'Addresses',
    roles: ['viewer', 'address-editor', 'withdrawal-initiator'],
  },
  {
    to: '/withdrawals',
    label: 'Withdrawals',
    roles: ['viewer', 'address-editor', 'withdrawal-initiator'],
  },
  { to: '/audit', label: 'Audit', roles: ['viewer'] },
  // Approvers decide; initiators of withdrawals and address changes follow their own requests.
  {
    to: '/approvals',
    label: 'Approvals',
    roles: ['withdrawal-approver', 'address-approver', 'withdrawal-initiator', 'address-editor'],
  },
];

/** The navigation entries the roles allow, in order. */
export function allowedNav(roles: readonly Role[]) {
  return NAV.filter((item) => item.roles.some((role) => roles.includes(role)));
}

// The approvals schemas (requests, their withdrawal and address bodies) stay out of the first
// page: the pending count is its own small chunk, loaded after the shell renders.
const PendingCount = lazy(() =>
  import('./pending-count').then((m) => ({ default: m.PendingCount })),
);

/** Always visible, one colour per kind, so nobody mistakes Production for a sandbox. */
function EnvironmentBanner({ environment }: { environment: Environment }) {
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
  const nav = allowedNav(me.roles);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <EnvironmentBanner environment={me.environment} />
      <header className="app-header">
        <a className="app-header__brand" href={nav[0]?.to ?? '/'}>
          Asset Ops Console
        </a>
        <nav className="app-nav" aria-label="Main">
          <ul>
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>
                  {item.label}
                  {item.to === '/approvals' &&
                    (me.roles.includes('withdrawal-approver') ||
                      me.roles.includes('address-approver')) && (
                      <Suspense fallback={null}>
                        <PendingCount />
                      </Suspense>
                    )}
                </NavLink>
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
          {me.dev_operators && me.dev_operators.length > 1 && (
            <DevOperatorSwitch operators={me.dev_operators} current={me.operator.subject} />
          )}
          <ThemeToggle />
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
