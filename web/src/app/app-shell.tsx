import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { DevOperatorSwitch } from './dev-operator-switch';
import type { Environment, Role } from '#contract/session';
import { SkeletonRows } from '../components/ui/skeleton';
import { useMe } from '../lib/session';
import { useWhenIdle } from '../lib/use-when-idle';
import { ROLE_WORDS } from '../shared/roles/role-words';
import { MainNav, type NavItem } from './main-nav';
import { OperatorMenu } from './operator-menu';
import { RouteErrorBoundary } from './route-error-boundary';
import { SignOutButton } from './sign-out-button';
import { ThemeToggle } from './theme-toggle';
import { PageIntroHeader } from './page-intro-header';

// Every transfer the service lists, and how it squares with the ledger: anyone who reads it
// (the BFF's READ_LEDGER_ROLES).
const READ_LEDGER_ROLES: Role[] = [
  'viewer',
  'address-editor',
  'withdrawal-initiator',
  'withdrawal-approver',
  'address-approver',
];

/**
 * The pages and the roles the BFF serves them to (bff/src/auth/require-role.ts): the navigation
 * shows only what the operator may use, so no link leads to a page that then refuses.
 */
const NAV: readonly (NavItem & { roles: readonly Role[] })[] = [
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
  // Approvers sign with their passkeys; an admin revokes others'. A page like the others: it sat
  // in the operator's corner of the header, which now opens only on a click.
  {
    to: '/passkeys',
    label: 'Passkeys',
    roles: ['withdrawal-approver', 'address-approver', 'passkey-admin'],
  },
  { to: '/activity', label: 'Activity', roles: READ_LEDGER_ROLES },
  { to: '/reconciliation', label: 'Reconciliation', roles: READ_LEDGER_ROLES },
  // The approval policy in words and each rolling limit's use now: every operator reads it.
  {
    to: '/policy',
    label: 'Policy',
    roles: Object.keys(ROLE_WORDS) as Role[],
  },
];

/** The navigation entries the roles allow, in order. */
export function allowedNav(roles: readonly Role[]) {
  return NAV.filter((item) => item.roles.some((role) => roles.includes(role)));
}

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
  // The pending count reads once the page has painted and the browser is idle, so its read does
  // not compete with the page's own. Its code is part of the entry (about 1 KB): it reads the
  // requests' decision facts only (contract/approval-core.ts), not the approvals schemas with
  // the address checksums (approvals-common, about 15 KB brotli, which it used to load).
  const idle = useWhenIdle();
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
        <MainNav
          items={nav}
          countApprovals={
            idle &&
            (me.roles.includes('withdrawal-approver') || me.roles.includes('address-approver'))
          }
        />
        <OperatorMenu
          name={me.operator.name}
          title={me.operator.email ?? me.operator.subject}
          roles={me.roles.length === 0 ? ['No roles'] : me.roles.map((role) => ROLE_WORDS[role])}
        >
          {me.dev_operators && me.dev_operators.length > 1 && (
            <DevOperatorSwitch operators={me.dev_operators} current={me.operator.subject} />
          )}
          <ThemeToggle />
          {/* Only where the console signs people in itself; behind a proxy, the proxy does. */}
          {me.auth_mode === 'oidc' && <SignOutButton />}
        </OperatorMenu>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <RouteErrorBoundary>
          {/* While a page's code loads, its header stays as index.html painted it. */}
          <Suspense
            fallback={
              <>
                <PageIntroHeader />
                <SkeletonRows rows={8} />
              </>
            }
          >
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
    </>
  );
}
