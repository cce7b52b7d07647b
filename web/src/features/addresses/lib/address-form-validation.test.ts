import { describe, expect, it } from 'vitest';
import { validateAddressForm } from './address-form-validation';
import { EMPTY_ADDRESS_FORM } from './address-form-values';

const base = {
  ...EMPTY_ADDRESS_FORM,
  crypto_network: 'ETHEREUM' as const,
  address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
};

describe('validateAddressForm', () => {
  it('accepts a self beneficiary', () => {
    const result = validateAddressForm(
      { ...base, beneficiary_kind: 'self' },
      { allowTestnet: false },
    );
    expect(result.ok).toBe(true);
  });

  it('puts missing person names and a bad country on their fields', () => {
    const result = validateAddressForm(
      {
        ...base,
        beneficiary_kind: 'person',
        first_name: ' ',
        last_name: 'L',
        physical_address: { ...base.physical_address, country_code: 'ZZZ' },
      },
      { allowTestnet: false },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.first_name).toBe('Required');
    expect(result.errors['physical_address.country_code']).toMatch(/two-letter/);
  });

  it('asks for a VASP id or name, and for the network', () => {
    const result = validateAddressForm(
      { ...base, crypto_network: '', custodian: 'VASP' },
      { allowTestnet: false },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.crypto_network).toBe('Choose the network');
    expect(result.errors.vasp_name).toBe('Name the VASP by id or name');
  });
});
