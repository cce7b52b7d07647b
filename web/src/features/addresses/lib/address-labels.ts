import type { TravelRuleMetadata } from '#contract/destination-addresses';

// Field names in words: in web/src/lib, because the audit trail names changed fields too.
import { PHYSICAL_ADDRESS_PARTS } from '#web/shared/destinations/address-field-labels';

export { labelForRequestPath } from '#web/shared/destinations/address-field-labels';

// Shared with the withdrawal review (who receives the money): one wording, one place.
export { beneficiarySummary, custodySummary } from '#web/shared/destinations/travel-rule-summary';

const KNOWN_PATHS = new Set([
  'beneficiary.self',
  'beneficiary.person_details.first_name',
  'beneficiary.person_details.last_name',
  'beneficiary.institution_details.name',
  'vasp.id',
  'vasp.name',
  'vasp.custom_vasp_name',
  'vasp.custom_vasp_website',
  'custodian_type',
  'transfer_purpose',
]);

/**
 * The fields of saved Travel Rule metadata this console does not know, as [path, raw value]:
 * kept and shown as they came (the service's schema may grow), never dropped from view.
 */
export function unknownTravelRuleFields(metadata: TravelRuleMetadata): [string, string][] {
  const out: [string, string][] = [];
  const walk = (value: unknown, path: string) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key);
      return;
    }
    const place = /^beneficiary\.(person|institution)_details\.physical_address\.(\w+)$/.exec(path);
    if (KNOWN_PATHS.has(path) || (place && (place[2] ?? '') in PHYSICAL_ADDRESS_PARTS)) return;
    out.push([path, typeof value === 'string' ? value : JSON.stringify(value)]);
  };
  walk(metadata, '');
  return out;
}
