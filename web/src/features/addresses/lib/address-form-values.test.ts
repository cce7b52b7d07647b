import { describe, expect, it } from 'vitest';
import {
  EMPTY_ADDRESS_FORM,
  formPathForAddressRequestPath,
  formValuesFromAddress,
  isOldFormatTravelRule,
  toPutAddressRequest,
  type AddressFormValues,
} from './address-form-values';

const base: AddressFormValues = {
  ...EMPTY_ADDRESS_FORM,
  crypto_network: 'ETHEREUM',
  address: ' 0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc ',
  nickname: 'Alice',
};

describe('toPutAddressRequest', () => {
  it('sends only the chosen beneficiary kind, with its GeographicAddress', () => {
    const body = toPutAddressRequest({
      ...base,
      beneficiary_kind: 'person',
      first_name: 'Alice',
      last_name: 'Liddell',
      institution_name: 'typed, then switched away',
      physical_address: { ...base.physical_address, city: 'Oxford', country: 'gbr' },
      custodian: 'PRIVATE',
    });
    expect(body).toEqual({
      crypto_network: 'ETHEREUM',
      address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
      nickname: 'Alice',
      bookmarked_status: false,
      travelrule_metadata: {
        beneficiary: {
          person_details: {
            first_name: 'Alice',
            last_name: 'Liddell',
            physical_address: { country: 'GBR', city: 'Oxford' },
          },
        },
        custodian_type: 'PRIVATE',
      },
    });
  });

  it('sends self and a VASP named one way only; no metadata when none was given', () => {
    const vasp = {
      ...base,
      beneficiary_kind: 'self' as const,
      custodian: 'VASP' as const,
      vasp_id: 'vasp-kraken',
      custom_vasp_name: 'Kraken',
      custom_vasp_website: 'kraken.com',
    };
    expect(toPutAddressRequest({ ...vasp, vasp_kind: 'directory' }).travelrule_metadata).toEqual({
      beneficiary: { self: true },
      custodian_type: 'VASP',
      vasp: { id: 'vasp-kraken' },
    });
    expect(toPutAddressRequest({ ...vasp, vasp_kind: 'custom' }).travelrule_metadata).toEqual({
      beneficiary: { self: true },
      custodian_type: 'VASP',
      vasp: { custom_vasp_name: 'Kraken', custom_vasp_website: 'kraken.com' },
    });
    expect(toPutAddressRequest(base).travelrule_metadata).toBeUndefined();
  });

  it('round-trips an institution through a saved address', () => {
    const values: AddressFormValues = {
      ...base,
      address: base.address.trim(),
      identity_id: 'id-9',
      bookmarked: true,
      beneficiary_kind: 'institution',
      institution_name: 'Acme Ltd',
      physical_address: {
        country: 'USA',
        address1: '1 Main St',
        address2: 'Suite 5',
        city: 'Springfield',
        province: 'IL',
        zip_code: '62701',
      },
      custodian: 'VASP',
      vasp_id: 'vasp-1',
      transfer_purpose: 'Payouts',
    };
    const body = toPutAddressRequest(values);
    const saved = {
      id: 'a-1',
      address: body.address as string,
      identity_id: 'id-9',
      nickname: 'Alice',
      bookmarked: true,
      travelrule_metadata: body.travelrule_metadata as never,
    };
    const loaded = formValuesFromAddress(saved, 'ETHEREUM');
    expect({ ...loaded, loaded_travel_rule: '' }).toEqual(values);
  });
});

describe('editing a saved address keeps what the form does not show', () => {
  const saved = {
    id: 'a-1',
    address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
    nickname: 'Treasury',
    travelrule_metadata: {
      beneficiary: { institution_details: { name: 'Acme', physical_address: { country: 'USA' } } },
      vasp: { id: 'vasp-1', name: 'Directory name' },
      custodian_type: 'VASP',
      // Fields the service may answer that the form has no place for.
      screening: { passed: true },
    },
  };

  it('does not send travelrule_metadata while the form still stands for the saved one', () => {
    const values = formValuesFromAddress(saved, 'ETHEREUM');
    const body = toPutAddressRequest({ ...values, nickname: 'Renamed' });
    expect(body).toEqual({
      crypto_network: 'ETHEREUM',
      address: saved.address,
      nickname: 'Renamed',
      bookmarked_status: false,
    });
  });

  it('sends the whole metadata once a Travel Rule field changed', () => {
    const values = formValuesFromAddress(saved, 'ETHEREUM');
    const body = toPutAddressRequest({ ...values, transfer_purpose: 'Payroll' });
    expect(body.travelrule_metadata).toEqual({
      beneficiary: { institution_details: { name: 'Acme', physical_address: { country: 'USA' } } },
      custodian_type: 'VASP',
      vasp: { id: 'vasp-1' },
      transfer_purpose: 'Payroll',
    });
  });
});

describe('an address saved in the old format', () => {
  const old = {
    id: 'a-2',
    address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
    travelrule_metadata: {
      beneficiary: {
        person_details: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          physical_address: {
            street_line_1: '12 St James Square',
            street_line_2: 'Floor 2',
            city: 'London',
            region: 'Greater London',
            postal_code: 'SW1Y 4JH',
            country_code: 'GB',
          },
        },
      },
      vasp: { name: 'Kraken' },
    },
  };

  it('is recognised as the old format', () => {
    expect(isOldFormatTravelRule(old.travelrule_metadata)).toBe(true);
    expect(isOldFormatTravelRule({ vasp: { id: 'v', name: 'Directory' } })).toBe(false);
  });

  it('loads into the published fields and is always sent in the published shape', () => {
    const values = formValuesFromAddress(old, 'ETHEREUM');
    expect(values.physical_address).toEqual({
      country: 'GBR',
      address1: '12 St James Square',
      address2: 'Floor 2',
      city: 'London',
      province: 'Greater London',
      zip_code: 'SW1Y 4JH',
    });
    expect(values).toMatchObject({
      custodian: 'VASP',
      vasp_kind: 'custom',
      custom_vasp_name: 'Kraken',
      custom_vasp_website: '',
    });
    // Unchanged, it is still sent: in the service's names, never the old ones.
    const body = toPutAddressRequest({ ...values, custom_vasp_website: 'kraken.com' });
    expect(JSON.stringify(body)).not.toMatch(/street_line|postal_code|country_code|region|"name"/);
    expect(body.travelrule_metadata).toMatchObject({
      vasp: { custom_vasp_name: 'Kraken', custom_vasp_website: 'kraken.com' },
    });
  });
});

describe('formPathForAddressRequestPath', () => {
  it('maps request paths of the published shape to form fields', () => {
    const pa = 'travelrule_metadata.beneficiary.person_details.physical_address';
    expect(formPathForAddressRequestPath(`${pa}.zip_code`)).toBe('physical_address.zip_code');
    expect(formPathForAddressRequestPath(`${pa}.country`)).toBe('physical_address.country');
    expect(formPathForAddressRequestPath(pa)).toBe('physical_address.country');
    expect(formPathForAddressRequestPath('travelrule_metadata.vasp.id')).toBe('vasp_id');
    expect(formPathForAddressRequestPath('travelrule_metadata.vasp.custom_vasp_website')).toBe(
      'custom_vasp_website',
    );
    expect(formPathForAddressRequestPath('travelrule_metadata.vasp')).toBe('vasp_kind');
  });
});
