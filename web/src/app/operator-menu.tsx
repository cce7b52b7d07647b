import type { ReactNode } from 'react';
import { useHeaderDisclosure } from './use-header-disclosure';

interface OperatorMenuProps {
  /** The operator's display name. */
  name: string;
  /** The e-mail or subject behind the name: on hover, and under the name in the panel. */
  title: string;
  /** The operator's roles, in words ("No roles" when there are none). */
  roles: readonly string[];
  /** The header's settings (Acting as, Theme). */
  children: ReactNode;
}

/**
 * The signed-in operator, their roles and the header's settings, behind one disclosure button with
 * the operator's name, at every width. They stood in the header on a wide screen and wrapped it
 * to two rows at 1280 px (six role names, Acting as and Theme beside the navigation); at a phone's
 * width they took about 275 px of every page (issue 26 item 16).
 */
export function OperatorMenu({ name, title, roles, children }: OperatorMenuProps) {
  const menu = useHeaderDisclosure<HTMLDivElement>();
  return (
    <div
      {...menu.container}
      className="app-header__operator"
      role="group"
      aria-label="Signed in operator"
    >
      <button {...menu.toggle} className="app-header__operator-toggle" title={title}>
        <span className="app-header__operator-name">{name}</span>
        <span className="visually-hidden">: roles and settings</span>
        <span aria-hidden="true" className="app-header__chevron">
          {menu.open ? '▴' : '▾'}
        </span>
      </button>
      <div {...menu.panel} className="app-header__operator-panel">
        <div className="app-header__operator-id">
          <strong>{name}</strong>
          <span className="muted">{title}</span>
        </div>
        <ul className="app-header__roles" aria-label="Roles">
          {roles.map((role) => (
            <li key={role} className="badge role-badge">
              {role}
            </li>
          ))}
        </ul>
        <div className="app-header__settings">{children}</div>
      </div>
    </div>
  );
}
