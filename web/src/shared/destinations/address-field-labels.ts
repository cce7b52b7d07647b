// The fields of a crypto destination address save, in words: the review's diff (addresses) and
// the audit trail's changed fields (audit) say them the same way.

export const PHYSICAL_ADDRESS_PARTS: Record<string, string> = {
  country: 'country',
  address1: 'address line 1',
  address2: 'address line 2',
  city: 'city',
  province: 'province or state',
  zip_code: 'ZIP or postal code',
  // The older documentation's names: read (and diffed) for display, never sent.
  street_line_1: 'street (old format)',
  street_line_2: 'street, line 2 (old format)',
  region: 'region (old format)',
  postal_code: 'postal code (old format)',
  country_code: 'country (old format)',
};

const EXACT: Record<string, string> = {
  address: 'Address as written',
  nickname: 'Nickname',
  bookmarked_status: 'Bookmarked',
  // An address file's destination_memo (contract/address-import.ts MEMO_DIFF_PATH): the book's own.
  destination_memo: 'Destination memo (the console’s book)',
  // Bringing an archived address back (the book's own: archived addresses receive nothing).
  archived: 'Archived (out of use)',
  'travelrule_metadata.beneficiary.self': 'Beneficiary is the account holder (self)',
  'travelrule_metadata.beneficiary.person_details.first_name': 'Beneficiary first name',
  'travelrule_metadata.beneficiary.person_details.last_name': 'Beneficiary last name',
  'travelrule_metadata.beneficiary.institution_details.name': 'Beneficiary institution name',
  'travelrule_metadata.vasp.id': 'VASP id',
  'travelrule_metadata.vasp.name': 'VASP name',
  'travelrule_metadata.vasp.custom_vasp_name': 'VASP name (not listed)',
  'travelrule_metadata.vasp.custom_vasp_website': 'VASP website (not listed)',
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
    const field = PHYSICAL_ADDRESS_PARTS[part ?? ''] ?? part;
    return `${who === 'person' ? 'Person' : 'Institution'} address: ${field}`;
  }
  return path;
}
