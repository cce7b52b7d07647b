import { useSyncExternalStore } from 'react';

// Light or dark: the system's setting unless the operator picked one. The pick is kept in
// localStorage; the effective theme is set as data-theme on <html> (styles.css holds the values).
// Applied from main.tsx before the first render, so there is no flash of the wrong theme.

type ThemePreference = 'system' | 'light' | 'dark';
export const THEME_KEY = 'asset-ops.theme';
const ORDER: readonly ThemePreference[] = ['system', 'light', 'dark'];

const listeners = new Set<() => void>();

function readThemePreference(): ThemePreference {
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

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, readThemePreference, () => 'system');
}
