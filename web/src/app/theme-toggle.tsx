import { Button } from '../components/ui/button';
import {
  effectiveTheme,
  nextThemePreference,
  setThemePreference,
  useThemePreference,
} from '../lib/theme';

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
