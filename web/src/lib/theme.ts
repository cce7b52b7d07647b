// Light or dark: the system's setting unless the operator picked one. The pick is kept in
// localStorage; the effective theme is set as data-theme on <html> (app/base.css holds the values).
// Applied from main.tsx before the first paint, so there is no flash of the wrong theme. No React
// here: main.tsx runs it before the app's code (React included) is even evaluated
// (app/theme-toggle.tsx holds the hook).

type ThemePreference = 'system' | 'light' | 'dark';
export const THEME_KEY = 'asset-ops.theme';
const ORDER: readonly ThemePreference[] = ['system', 'light', 'dark'];

const listeners = new Set<() => void>();

export function readThemePreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemDark(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

export function effectiveTheme(preference = readThemePreference()): 'light' | 'dark' {
  return preference === 'system' ? (systemDark() ? 'dark' : 'light') : preference;
}

function applyTheme(): void {
  document.documentElement.dataset.theme = effectiveTheme();
  for (const listener of listeners) listener();
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === 'system') window.localStorage.removeItem(THEME_KEY);
    else window.localStorage.setItem(THEME_KEY, preference);
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
  applyTheme();
}

/** The next choice of the header's theme button: System → Light → Dark → System. */
export function nextThemePreference(current: ThemePreference): ThemePreference {
  return ORDER[(ORDER.indexOf(current) + 1) % ORDER.length] ?? 'system';
}

/** Keeps following the system while the preference is "system". Call once at start-up. */
export function followSystemTheme(): void {
  if (typeof window.matchMedia !== 'function') return;
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', applyTheme);
  applyTheme();
}

/** Calls `listener` whenever the effective theme may have changed; returns the unsubscribe. */
export function subscribeToTheme(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
