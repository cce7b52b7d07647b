import { alpha2FromAlpha3 } from '#contract/countries';

/** The browser's names of regions (Intl.DisplayNames knows alpha-2 codes), if it has them. */
export function regionNames(locale: string): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    return undefined;
  }
}

/** A country code as words: "Germany (DEU)"; an unknown code as it is. */
export function countryLabel(code: string, locale = 'en'): string {
  const alpha2 = alpha2FromAlpha3(code) ?? (/^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : '');
  const name = alpha2 ? regionNames(locale)?.of(alpha2) : undefined;
  return name && name !== alpha2 ? `${name} (${code})` : code;
}
