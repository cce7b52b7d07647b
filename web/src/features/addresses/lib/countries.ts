import { ISO_COUNTRIES } from '#contract/countries';
import type { ComboboxOption } from '#web/components/ui/use-combobox';
import { regionNames } from '#web/shared/destinations/country-label';

// Shared with the approval diff and the import preview: one way to name a country.
export { countryLabel } from '#web/shared/destinations/country-label';

/**
 * "Germany (DEU)": the name to search by, the ISO 3166-1 alpha-3 code the service takes as the
 * value. Names come from the browser's Intl.DisplayNames (which knows alpha-2 codes), so they
 * read in the operator's words. Sorted by name.
 */
export function countryOptions(locale = 'en'): ComboboxOption[] {
  const names = regionNames(locale);
  return ISO_COUNTRIES.map(({ alpha2, alpha3 }) => {
    const name = names?.of(alpha2);
    return { value: alpha3, label: name && name !== alpha2 ? `${name} (${alpha3})` : alpha3 };
  }).sort((a, b) => a.label.localeCompare(b.label, locale));
}
