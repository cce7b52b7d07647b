import { countryLabel } from './country-label';

// The values of a crypto destination address save, in the form's words: the editor's review, the
// approval's diff and the import's preview say "Germany (DEU)", "Self-hosted wallet", "Yes" where
// the request holds DEU, PRIVATE, true. Paths as address-field-labels.ts names them.

const CUSTODY_WORDS: Record<string, string> = {
  PRIVATE: 'Self-hosted wallet',
  VASP: 'Held at a VASP (exchange or custodian)',
};

const YES_NO: Record<string, string> = { true: 'Yes', false: 'No' };

/** A field's value in words (the raw value when the field has none); VASP ids: see VaspName. */
export function valueWords(path: string, value: string): string {
  if (path === 'bookmarked_status' || path === 'archived' || path.endsWith('.self'))
    return YES_NO[value] ?? value;
  if (path === 'travelrule_metadata.custodian_type') return CUSTODY_WORDS[value] ?? value;
  if (/\.physical_address\.(country|country_code)$/.test(path)) return countryLabel(value);
  return value;
}

/** True when the value is a directory VASP's id (shown by its name, VaspName). */
export const isVaspIdPath = (path: string) => path === 'travelrule_metadata.vasp.id';
