import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  createAddressFormResolver,
  flattenFieldErrors,
  formErrorsFromRequestErrors,
} from './address-form-resolver';
import { EMPTY_ADDRESS_FORM, type AddressFormValues } from './address-form-values';

const base: AddressFormValues = {
  ...EMPTY_ADDRESS_FORM,
  crypto_network: 'ETHEREUM',
  address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
};

const options: ResolverOptions<AddressFormValues> = {
  fields: {},
  shouldUseNativeValidation: false,
  criteriaMode: 'firstError',
  names: undefined,
};

const resolve = (values: AddressFormValues) =>
  createAddressFormResolver({ allowTestnet: false })(values, undefined, options);

describe('createAddressFormResolver', () => {
  it('refuses to save without a beneficiary when a withdrawal waits for it (Travel Rule detour)', async () => {
    const detour = createAddressFormResolver({ allowTestnet: false }, { requireBeneficiary: true });
    const refused = await detour({ ...base, beneficiary_kind: 'none' }, undefined, options);
    expect(refused.errors).toMatchObject({
      beneficiary_kind: { message: expect.stringMatching(/needs the beneficiary/) },
    });
    const saved = await detour({ ...base, beneficiary_kind: 'self' }, undefined, options);
    expect(saved.errors).toEqual({});
    // Outside the detour an address may be saved without Travel Rule data.
    expect((await resolve({ ...base, beneficiary_kind: 'none' })).errors).toEqual({});
  });

  it('answers the exact request body for a self beneficiary', async () => {
    const result = await resolve({ ...base, beneficiary_kind: 'self', nickname: ' Ops ' });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      crypto_network: 'ETHEREUM',
      address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
      nickname: 'Ops',
      bookmarked_status: false,
      travelrule_metadata: { beneficiary: { self: true } },
    });
  });

  it('puts missing person names and a bad country on their form fields', async () => {
    const result = await resolve({
      ...base,
      beneficiary_kind: 'person',
      first_name: ' ',
      last_name: 'L',
      physical_address: { ...base.physical_address, country: 'DE' },
    });
    const errors = flattenFieldErrors(result.errors);
    expect(errors.first_name).toBe('Required');
    expect(errors['physical_address.country']).toMatch(/three-letter/);
    expect(errors.last_name).toBeUndefined();
  });

  it('asks for the country when an address line is given, and names refused characters', async () => {
    const result = await resolve({
      ...base,
      beneficiary_kind: 'person',
      first_name: 'José',
      last_name: 'Müller',
      physical_address: { ...base.physical_address, address1: 'x'.repeat(36), city: 'Évora' },
    });
    const errors = flattenFieldErrors(result.errors);
    expect(errors['physical_address.country']).toMatch(/^Choose the country/);
    expect(errors['physical_address.address1']).toBe('At most 35 characters');
    expect(errors['physical_address.city']).toMatch(
      /^The service does not take “É”: use letters A-Z/,
    );
    // Names go as typed (issue 25, item 4): the service restricts only the address lines.
    expect(errors.first_name).toBeUndefined();
    expect(errors.last_name).toBeUndefined();
  });

  it('asks for the network, and for the VASP the way the operator chose to name it', async () => {
    const directory = flattenFieldErrors(
      (await resolve({ ...base, crypto_network: '', custodian: 'VASP' })).errors,
    );
    expect(directory.crypto_network).toBe('Choose the network');
    expect(directory.vasp_id).toBe('Give the VASP’s id in the directory');
    const custom = flattenFieldErrors(
      (
        await resolve({
          ...base,
          custodian: 'VASP',
          vasp_kind: 'custom',
          custom_vasp_name: 'Small Exchange',
          custom_vasp_website: 'not a website',
        })
      ).errors,
    );
    expect(custom).toEqual({ custom_vasp_website: 'Give the website, such as example.com' });
  });

  it('names the cause of a wrong EIP-55 checksum on the address field', async () => {
    // One letter's case flipped (8Cf → 8cf): the same bytes, a wrong checksum.
    const result = await resolve({
      ...base,
      address: '0x8cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
    });
    expect(flattenFieldErrors(result.errors)).toEqual({
      address: expect.stringMatching(/^EIP-55 checksum/),
    });
  });

  it('says which network an address of another network belongs to', async () => {
    const result = await resolve({
      ...base,
      address: 'bc1qrsfaa2mcfxffa59z09jeyx600m69jhphy70500',
    });
    expect(flattenFieldErrors(result.errors).address).toMatch(/^This is a Bitcoin address/);
  });

  it('puts an institution without a name on the name field', async () => {
    const result = await resolve({ ...base, beneficiary_kind: 'institution' });
    expect(flattenFieldErrors(result.errors)).toEqual({ institution_name: 'Required' });
  });
});

describe('formErrorsFromRequestErrors', () => {
  it('maps server paths to form fields, first message wins, unknown paths stay', () => {
    expect(
      formErrorsFromRequestErrors([
        { path: 'travelrule_metadata.beneficiary.person_details.first_name', message: 'A' },
        { path: 'travelrule_metadata.beneficiary.person_details.first_name', message: 'B' },
        {
          path: 'travelrule_metadata.beneficiary.institution_details.physical_address.city',
          message: 'C',
        },
        { path: 'address', message: 'Unsupported Address' },
        { path: 'bookmarked_status', message: 'D' },
        { path: '', message: 'e, as a sentence' },
      ]),
    ).toEqual({
      first_name: 'A',
      'physical_address.city': 'C',
      address: 'Unsupported Address',
      bookmarked: 'D',
      root: 'E, as a sentence',
    });
  });
});
