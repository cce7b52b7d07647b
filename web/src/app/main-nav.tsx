import { NavLink, useLocation } from 'react-router';
import { useActivityNavLink } from '../features/activity/components/elsewhere-count';
import { useMe } from '../lib/session';
import { PendingCount, usePendingApprovalCount } from './pending-count';
import { useHeaderDisclosure } from './use-header-disclosure';

export interface NavItem {
  to: string;
  label: string;
}

interface MainNavProps {
  items: readonly NavItem[];
  /** Show the count of requests waiting for this operator beside Approvals (an approver, idle). */
  countApprovals: boolean;
}

/**
 * The main navigation. On a wide screen every link stands in the header. At a phone's width
 * (adaptive.css, up to 720px) a "Menu" button naming the page the operator is on opens them as a
 * list: the row of links scrolled sideways with nothing to say so, and Approvals, last, was off
 * the screen with its count. Work waiting stays in sight there as an "Approvals" link with the
 * count beside the button.
 */
export function MainNav({ items, countApprovals }: MainNavProps) {
  const { pathname } = useLocation();
  const menu = useHeaderDisclosure<HTMLElement>();
  // The entry NavLink marks as current (a detail page under it counts: it matches the prefix).
  const current = items.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
  const counted = countApprovals && items.some((item) => item.to === '/approvals');
  return (
    <nav {...menu.container} className="app-nav" aria-label="Main">
      <button {...menu.toggle} className="app-nav__toggle">
        <MenuIcon />
        Menu
        {current && (
          // The page's own heading names it for a screen reader; this is the sighted glance.
          <span aria-hidden="true" className="app-nav__current">
            {current.label}
          </span>
        )}
        <span aria-hidden="true" className="app-header__chevron">
          {menu.open ? '▴' : '▾'}
        </span>
      </button>
      {counted && !menu.open && <ApprovalsShortcut />}
      <ul {...menu.panel} className="app-nav__list">
        {items.map((item) => (
          <li key={item.to}>
            {item.to === '/activity' ? (
              <ActivityNavEntry />
            ) : (
              <NavLink to={item.to}>
                {item.label}
                {item.to === '/approvals' && counted && <PendingCount />}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Activity, with the count of withdrawals made elsewhere nobody has acknowledged (when on). */
function ActivityNavEntry() {
  return useMe().features.activity.enabled ? (
    <ActivityBadgeLink />
  ) : (
    <NavLink to="/activity">Activity</NavLink>
  );
}

function ActivityBadgeLink() {
  return <NavLink to="/activity" {...useActivityNavLink()} />;
}

/** At a phone's width, with requests waiting: Approvals and the count, one tap away. */
function ApprovalsShortcut() {
  const waiting = usePendingApprovalCount();
  if (!waiting) return null;
  return (
    <NavLink to="/approvals" className="app-nav__shortcut">
      Approvals
      <PendingCount />
    </NavLink>
  );
}

/** Three bars in the text's colour (an SVG: forced-colours mode keeps it, a font may lack ☰). */
function MenuIcon() {
  return (
    <svg
      className="app-nav__icon"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 16 16"
      width="16"
      height="16"
    >
      <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="1.6" fill="none" />
    </svg>
  );
}
