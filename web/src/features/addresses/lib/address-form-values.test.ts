import { describe, expect, it } from 'vitest';
import {
  EMPTY_ADDRESS_FORM,
  formValuesFromAddress,
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
  it('sends only the chosen beneficiary kind, with its physical address', () => {
    const body = toPutAddressRequest({
      ...base,
      beneficiary_kind: 'person',
      first_name: 'Alice',
      last_name: 'Liddell',
      institution_name: 'typed, then switched away',
      physical_address: { ...base.physical_address, city: 'Oxford', country_code: 'gb' },
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
            physical_address: { city: 'Oxford', country_code: 'GB' },
          },
        },
        custodian_type: 'PRIVATE',
      },
    });
  });

  it('sends self and a VASP; no travel rule metadata when none was given', () => {
    expect(
      toPutAddressRequest({
        ...base,
        beneficiary_kind: 'self',
        custodian: 'VASP',
        vasp_name: 'Kraken',
      }).travelrule_metadata,
    ).toEqual({
      beneficiary: { self: true },
      custodian_type: 'VASP',
      vasp: { name: 'Kraken' },
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
        ...base.physical_address,
        street_line_1: '1 Main St',
        country_code: 'US',
      },
      custodian: 'VASP',
      vasp_id: 'vasp-1',
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
    expect(formValuesFromAddress(saved, 'ETHEREUM')).toEqual(values);
  });
});
