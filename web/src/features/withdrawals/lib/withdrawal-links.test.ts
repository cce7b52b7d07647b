import { describe, expect, it } from 'vitest';
import {
  addressEditorUrl,
  draftMatchesPrefill,
  isSafeReturnPath,
  prefillFromSearch,
} from './withdrawal-links';

describe('addressEditorUrl', () => {
  it('carries the destination and where to come back to', () => {
    const url = addressEditorUrl({
      cryptoNetwork: 'ETHEREUM',
      address: '0xabc',
      identityId: 'id-1',
      returnTo: '/withdrawals/new?resume=1',
    });
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe('/addresses/new');
    expect(parsed.searchParams.get('crypto_network')).toBe('ETHEREUM');
    expect(parsed.searchParams.get('address')).toBe('0xabc');
    expect(parsed.searchParams.get('identity_id')).toBe('id-1');
    expect(parsed.searchParams.get('return_to')).toBe('/withdrawals/new?resume=1');
  });

  it('leaves out what is not known', () => {
    const parsed = new URL(
      addressEditorUrl({ cryptoNetwork: '', address: '', returnTo: '/w' }),
      'http://x',
    );
    expect([...parsed.searchParams.keys()]).toEqual(['return_to']);
  });
});

describe('prefillFromSearch', () => {
  it('reads the destination the address pages link with', () => {
    expect(
      prefillFromSearch(
        new URLSearchParams('crypto_network=STELLAR&address=%20GABC%20&identity_id=i'),
      ),
    ).toEqual({ crypto_network: 'STELLAR', destination_address: 'GABC', identity_id: 'i' });
  });

  it('drops an unknown network and is undefined when nothing is asked', () => {
    expect(prefillFromSearch(new URLSearchParams('crypto_network=APTOS'))).toBeUndefined();
    expect(prefillFromSearch(new URLSearchParams(''))).toBeUndefined();
  });
});

describe('isSafeReturnPath', () => {
  it('accepts app paths only', () => {
    expect(isSafeReturnPath('/withdrawals/new')).toBe(true);
    expect(isSafeReturnPath('//evil.example')).toBe(false);
    expect(isSafeReturnPath('https://evil.example')).toBe(false);
    expect(isSafeReturnPath('/\\evil')).toBe(false);
  });
});

describe('draftMatchesPrefill', () => {
  const values = { crypto_network: 'ETHEREUM', destination_address: '0xabc', identity_id: '' };
  it('matches the same destination, so a return keeps the draft', () => {
    expect(
      draftMatchesPrefill(values, { crypto_network: 'ETHEREUM', destination_address: '0xabc' }),
    ).toBe(true);
  });
  it('does not match another destination or identity', () => {
    expect(draftMatchesPrefill(values, { destination_address: '0xdef' })).toBe(false);
    expect(draftMatchesPrefill(values, { destination_address: '0xabc', identity_id: 'i' })).toBe(
      false,
    );
  });
});
