import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface OperatorMenuProps {
  /** The operator's display name. */
  name: string;
  /** Shown on hover: the e-mail or subject behind the name. */
  title: string;
  /** The roles and the header's settings (Acting as, Theme). */
  children: ReactNode;
}

/**
 * The signed-in operator, their roles and the header's settings. On a wide screen all of it stands
 * in the header; at a phone's width (styles.css, max-width 720px) only the operator's name shows,
 * as a disclosure button that opens the rest under the header (issue 26 item 16: the roles and
 * settings took about 275 px of every page at 390 px). Escape, a click elsewhere or following a
 * link in it closes it.
 */
export function OperatorMenu({ name, title, children }: OperatorMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const group = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!group.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);
  return (
    <div
      ref={group}
      className="app-header__operator"
      role="group"
      aria-label="Signed in operator"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <span className="app-header__operator-name app-header__operator-wide" title={title}>
        {name}
      </span>
      <button
        ref={toggle}
        type="button"
        className="app-header__operator-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        title={title}
        onClick={() => setOpen(!open)}
      >
        <span className="app-header__operator-name">{name}</span>
        <span className="visually-hidden">: roles and settings</span>
        <span aria-hidden="true" className="app-header__operator-chevron">
          {open ? '▴' : '▾'}
        </span>
      </button>
      <div
        id={panelId}
        className="app-header__operator-panel"
        data-open={open || undefined}
        // A link in it (Passkeys) leads to another page: the panel closes behind it.
        onClick={(event) => {
          if ((event.target as Element).closest('a')) setOpen(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}
