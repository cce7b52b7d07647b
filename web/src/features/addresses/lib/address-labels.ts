const PLACE: Record<string, string> = {
  street_line_1: 'street',
  street_line_2: 'street, line 2',
  city: 'city',
  region: 'region',
  postal_code: 'postal code',
  country_code: 'country',
};

const EXACT: Record<string, string> = {
  nickname: 'Nickname',
  bookmarked_status: 'Bookmarked',
  'travelrule_metadata.beneficiary.self': 'Beneficiary is the account holder (self)',
  'travelrule_metadata.beneficiary.person_details.first_name': 'Beneficiary first name',
  'travelrule_metadata.beneficiary.person_details.last_name': 'Beneficiary last name',
  'travelrule_metadata.beneficiary.institution_details.name': 'Beneficiary institution name',
  'travelrule_metadata.vasp.id': 'VASP id',
  'travelrule_metadata.vasp.name': 'VASP name',
  'travelrule_metadata.custodian_type': 'Custody',
  'travelrule_metadata.transfer_purpose': 'Transfer purpose',
};

/** Words for a field of the request, as the review's diff names it; unknown paths show raw. */
export function labelForRequestPath(path: string): string {
  const exact = EXACT[path];
  if (exact) return exact;
  const place =
    /^travelrule_metadata\.beneficiary\.(person|institution)_details\.physical_address\.(\w+)$/.exec(
      path,
    );
  if (place) {
    const [, who, part] = place;
    const field = PLACE[part ?? ''] ?? part;
    return `${who === 'person' ? 'Person' : 'Institution'} address: ${field}`;
  }
  return path;
}

// Shared with the withdrawal review (who receives the money): one wording, one place.
export { beneficiarySummary, custodySummary } from '../../../lib/travel-rule-summary';
