import { useSyncExternalStore } from 'react';
import { Button } from '../components/ui/button';
import {
  effectiveTheme,
  nextThemePreference,
  readThemePreference,
  setThemePreference,
  subscribeToTheme,
} from '../lib/theme';

function useThemePreference() {
  return useSyncExternalStore(subscribeToTheme, readThemePreference, () => 'system' as const);
}

const LABEL = { system: 'System', light: 'Light', dark: 'Dark' } as const;

/** Cycles the colour theme; says what it is now (and what "System" currently means). */
export function ThemeToggle() {
  const preference = useThemePreference();
  const now =
    preference === 'system' ? `System (${effectiveTheme(preference)})` : LABEL[preference];
  return (
    <Button
      size="small"
      className="theme-toggle"
      title="Colour theme: System, Light or Dark"
      onClick={() => setThemePreference(nextThemePreference(preference))}
    >
      Theme: {now}
    </Button>
  );
}
