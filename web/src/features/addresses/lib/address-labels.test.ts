import { describe, expect, it } from 'vitest';
import {
  beneficiarySummary,
  custodySummary,
  labelForRequestPath,
  unknownTravelRuleFields,
} from './address-labels';

describe('labelForRequestPath', () => {
  it('names known fields and physical address parts in words', () => {
    expect(labelForRequestPath('travelrule_metadata.vasp.name')).toBe('VASP name');
    expect(
      labelForRequestPath(
        'travelrule_metadata.beneficiary.institution_details.physical_address.country_code',
      ),
    ).toBe('Institution address: country (old format)');
    expect(
      labelForRequestPath(
        'travelrule_metadata.beneficiary.person_details.physical_address.zip_code',
      ),
    ).toBe('Person address: ZIP or postal code');
  });

  it('shows an unknown path as it is', () => {
    expect(labelForRequestPath('travelrule_metadata.website')).toBe('travelrule_metadata.website');
  });
});

describe('beneficiarySummary', () => {
  it('says self, a person, an institution, or nothing', () => {
    expect(beneficiarySummary({ beneficiary: { self: true } })).toBe('Self (account holder)');
    expect(
      beneficiarySummary({
        beneficiary: { person_details: { first_name: 'Ada', last_name: 'L' } },
      }),
    ).toBe('Person: Ada L');
    expect(beneficiarySummary({ beneficiary: { institution_details: { name: 'Acme' } } })).toBe(
      'Institution: Acme',
    );
    expect(beneficiarySummary({})).toBeUndefined();
    expect(beneficiarySummary(undefined)).toBeUndefined();
  });
});

describe('custodySummary', () => {
  it('says self-hosted, a VASP with its name and id, or an unknown kind raw', () => {
    expect(custodySummary({ custodian_type: 'PRIVATE' })).toBe('Self-hosted wallet');
    expect(custodySummary({ vasp: { id: 'v1', name: 'Kraken' } })).toBe('VASP: Kraken, id v1');
    expect(custodySummary({ custodian_type: 'VASP' })).toBe('VASP');
    expect(
      custodySummary({
        custodian_type: 'VASP',
        vasp: { custom_vasp_name: 'Small Exchange', custom_vasp_website: 'small.example' },
      }),
    ).toBe('VASP: Small Exchange');
    expect(custodySummary({ custodian_type: 'BANK' })).toBe('BANK');
    expect(custodySummary({})).toBeUndefined();
  });
});

describe('unknownTravelRuleFields', () => {
  it('lists only what the console does not know, raw', () => {
    expect(
      unknownTravelRuleFields({
        beneficiary: {
          person_details: {
            first_name: 'A',
            physical_address: { country: 'USA', street_line_1: 'x', floor: 3 },
          },
        },
        vasp: { id: 'v', name: 'N' },
        screening: { passed: true },
      }),
    ).toEqual([
      ['beneficiary.person_details.physical_address.floor', '3'],
      ['screening.passed', 'true'],
    ]);
  });
});
