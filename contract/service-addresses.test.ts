import { describe, expect, it } from 'vitest';
import { travelRuleGaps } from './service-addresses';

// The address book marks the service's saved addresses whose Travel Rule data is missing or
// incomplete: these are the words it shows.
describe('travelRuleGaps', () => {
  it('no metadata, or no beneficiary, is missing Travel Rule data', () => {
    for (const metadata of [undefined, null, {}, { custodian_type: 'PRIVATE' }, 'text'])
      expect(travelRuleGaps(metadata)).toEqual(['No Travel Rule data (beneficiary)']);
  });

  it('complete data has no gaps: self, a person, an institution, a VASP by id or custom name', () => {
    expect(travelRuleGaps({ beneficiary: { self: true }, custodian_type: 'PRIVATE' })).toEqual([]);
    expect(
      travelRuleGaps({
        beneficiary: {
          person_details: {
            first_name: 'Ada',
            last_name: 'Lovelace',
            physical_address: { country: 'GBR', city: 'London' },
          },
        },
        custodian_type: 'VASP',
        vasp: { id: 'vasp-1' },
      }),
    ).toEqual([]);
    expect(
      travelRuleGaps({
        beneficiary: { institution_details: { name: 'Acme Ltd' } },
        custodian_type: 'VASP',
        vasp: { custom_vasp_name: 'Small VASP', custom_vasp_website: 'https://small.example' },
      }),
    ).toEqual([]);
  });

  it('incomplete data names each thing that is missing', () => {
    expect(
      travelRuleGaps({
        beneficiary: {
          person_details: { first_name: 'Ada', physical_address: { city: 'London' } },
        },
        custodian_type: 'VASP',
        vasp: {},
      }),
    ).toEqual([
      "The beneficiary's first and last name",
      "The beneficiary's country",
      'Which VASP hosts the address',
    ]);
    expect(travelRuleGaps({ beneficiary: { institution_details: { name: '  ' } } })).toEqual([
      "The beneficiary institution's name",
    ]);
    expect(travelRuleGaps({ beneficiary: { self: false } })).toEqual(['Who the beneficiary is']);
  });

  it('reads the older field names for what they say (a country_code, a VASP name)', () => {
    expect(
      travelRuleGaps({
        beneficiary: {
          person_details: {
            first_name: 'A',
            last_name: 'B',
            physical_address: { country_code: 'GB' },
          },
        },
        custodian_type: 'VASP',
        vasp: { name: 'Old VASP' },
      }),
    ).toEqual([]);
  });
});
