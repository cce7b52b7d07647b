import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';

/**
 * The header's two disclosures (the navigation at a phone's width, the operator's roles and
 * settings) open over the page, so they close alike: Escape closes and puts focus back on the
 * button (the keyboard user is where they started), a press or focus outside closes (an open panel
 * would otherwise cover what they went to), and following a link in it closes (the page changes
 * under it). Spread `container` on the element holding the button and the panel.
 */
export function useHeaderDisclosure<T extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<T>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);
  return {
    open,
    container: {
      ref: container,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        toggle.current?.focus();
      },
      // Tab past the panel's last item: focus has left, the panel goes with it. A blur to nowhere
      // (a click on the page's background) is the pointerdown listener's.
      onBlur: (event: FocusEvent) => {
        const next = event.relatedTarget as Node | null;
        if (open && next && !container.current?.contains(next)) setOpen(false);
      },
    },
    toggle: {
      ref: toggle,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen(!open),
    },
    panel: {
      id: panelId,
      'data-open': open || undefined,
      onClick: (event: MouseEvent) => {
        if ((event.target as Element).closest('a')) setOpen(false);
      },
    },
  };
}
