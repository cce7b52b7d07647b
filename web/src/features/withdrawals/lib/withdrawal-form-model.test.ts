import { describe, expect, it } from 'vitest';
import { validateWithdrawalForm } from './withdrawal-form-model';
import { EMPTY_WITHDRAWAL_FORM } from './withdrawal-form-model';

const PROFILE = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';

const valid = {
  ...EMPTY_WITHDRAWAL_FORM,
  profile_id: PROFILE,
  asset: 'eth',
  crypto_network: 'ETHEREUM' as const,
  destination_address: ' 0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc ',
  amount_mode: 'total' as const,
  amount_value: '1.50',
  metadata: [
    { key: 'invoice', value: 'INV-7' },
    { key: '', value: '' },
  ],
};

describe('validateWithdrawalForm', () => {
  it('builds the request the contract accepts: trimmed, upper-case asset, total for "debit exactly"', () => {
    const result = validateWithdrawalForm(valid, { allowTestnet: true });
    expect(result).toEqual({
      ok: true,
      body: {
        profile_id: PROFILE,
        asset: 'ETH',
        crypto_network: 'ETHEREUM',
        destination_address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
        total: '1.50',
        metadata: { invoice: 'INV-7' },
      },
    });
  });

  it('puts contract errors on the form fields that show them', () => {
    const result = validateWithdrawalForm(
      { ...valid, profile_id: ' ', amount_value: '1e5', metadata: [{ key: '', value: 'x' }] },
      { allowTestnet: true },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.profile_id).toBe('Required');
    expect(result.errors.amount_value).toMatch(/decimal number/);
    expect(result.errors['metadata.0.key']).toBe('Give this value a key');
  });

  it('asks for the network', () => {
    const result = validateWithdrawalForm({ ...valid, crypto_network: '' }, { allowTestnet: true });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.crypto_network).toBe('Choose the network');
  });

  it('refuses an ETH amount with 19 decimals inline, naming the precision; 18 are fine', () => {
    const tooPrecise = validateWithdrawalForm(
      { ...valid, amount_mode: 'amount', amount_value: `0.${'1'.repeat(19)}` },
      { allowTestnet: true },
    );
    expect(tooPrecise.ok).toBe(false);
    if (!tooPrecise.ok)
      expect(tooPrecise.errors.amount_value).toBe(
        'ETH takes at most 18 decimal places; this amount has 19',
      );
    const fine = validateWithdrawalForm(
      { ...valid, amount_mode: 'amount', amount_value: `0.${'1'.repeat(18)}` },
      { allowTestnet: true },
    );
    expect(fine.ok).toBe(true);
  });

  it('lower-cases an upper-case profile UUID and refuses a truncated one', () => {
    const upper = validateWithdrawalForm(
      { ...valid, profile_id: PROFILE.toUpperCase() },
      { allowTestnet: true },
    );
    expect(upper.ok && upper.body.profile_id).toBe(PROFILE);
    const cut = validateWithdrawalForm(
      { ...valid, profile_id: PROFILE.slice(0, 18) },
      { allowTestnet: true },
    );
    expect(cut.ok).toBe(false);
    if (!cut.ok) expect(cut.errors.profile_id).toMatch(/looks cut off/);
  });
});
