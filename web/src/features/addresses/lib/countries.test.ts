import { describe, expect, it } from 'vitest';
import { ISO_COUNTRIES } from '#contract/countries';
import { countryLabel, countryOptions } from './countries';

describe('countries', () => {
  it('holds the 249 assigned ISO 3166-1 countries, each alpha-2 and alpha-3 code once', () => {
    expect(ISO_COUNTRIES).toHaveLength(249);
    expect(new Set(ISO_COUNTRIES.map((c) => c.alpha2)).size).toBe(249);
    expect(new Set(ISO_COUNTRIES.map((c) => c.alpha3)).size).toBe(249);
    for (const { alpha2, alpha3 } of ISO_COUNTRIES) {
      expect(alpha2).toMatch(/^[A-Z]{2}$/);
      expect(alpha3).toMatch(/^[A-Z]{3}$/);
    }
  });

  it('offers names with the alpha-3 code as the value, sorted by name', () => {
    const options = countryOptions('en');
    expect(options).toHaveLength(249);
    expect(options.find((o) => o.value === 'DEU')?.label).toBe('Germany (DEU)');
    expect(options.find((o) => o.value === 'GBR')?.label).toBe('United Kingdom (GBR)');
    expect(options.find((o) => o.value === 'SGP')?.label).toBe('Singapore (SGP)');
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('names a saved code, alpha-3 or the old alpha-2, and shows an unknown one as it is', () => {
    expect(countryLabel('USA')).toBe('United States (USA)');
    expect(countryLabel('US')).toBe('United States (US)');
    expect(countryLabel('ZZZ')).toBe('ZZZ');
  });
});
