import { ISO_COUNTRIES, alpha2FromAlpha3 } from '#contract/countries';
import type { ComboboxOption } from '#web/components/ui/use-combobox';

function displayNames(locale: string): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    return undefined;
  }
}

/**
 * "Germany (DEU)": the name to search by, the ISO 3166-1 alpha-3 code the service takes as the
 * value. Names come from the browser's Intl.DisplayNames (which knows alpha-2 codes), so they
 * read in the operator's words. Sorted by name.
 */
export function countryOptions(locale = 'en'): ComboboxOption[] {
  const names = displayNames(locale);
  return ISO_COUNTRIES.map(({ alpha2, alpha3 }) => {
    const name = names?.of(alpha2);
    return { value: alpha3, label: name && name !== alpha2 ? `${name} (${alpha3})` : alpha3 };
  }).sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** A country code as words: "Germany (DEU)"; an unknown code as it is. */
export function countryLabel(code: string, locale = 'en'): string {
  const alpha2 = alpha2FromAlpha3(code) ?? (/^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : '');
  const name = alpha2 ? displayNames(locale)?.of(alpha2) : undefined;
  return name && name !== alpha2 ? `${name} (${code})` : code;
}
