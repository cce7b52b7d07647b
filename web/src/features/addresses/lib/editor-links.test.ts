import { describe, expect, it } from 'vitest';
import {
  editAddressUrl,
  editorPrefillFromSearch,
  safeReturnTo,
  withdrawToAddressUrl,
} from './editor-links';

describe('safeReturnTo', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeReturnTo('/withdrawals/new?ref_id=abc&x=1')).toBe('/withdrawals/new?ref_id=abc&x=1');
  });

  it.each([
    'https://evil.example/withdrawals',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    'withdrawals/new',
    'javascript:alert(1)',
    '',
  ])('refuses %j', (value) => {
    expect(safeReturnTo(value)).toBeUndefined();
  });

  it('refuses nothing given', () => {
    expect(safeReturnTo(null)).toBeUndefined();
  });
});

describe('editorPrefillFromSearch', () => {
  it('reads network, address, identity and a safe return_to', () => {
    const params = new URLSearchParams({
      crypto_network: 'ethereum',
      address: ' 0xabc ',
      identity_id: 'id-1',
      return_to: '/withdrawals/new?ref_id=r1',
    });
    expect(editorPrefillFromSearch(params)).toEqual({
      crypto_network: 'ETHEREUM',
      address: '0xabc',
      identity_id: 'id-1',
      returnTo: '/withdrawals/new?ref_id=r1',
    });
  });

  it('drops an unknown network and an off-site return_to', () => {
    const params = new URLSearchParams({ crypto_network: 'APTOS', return_to: '//x.example' });
    expect(editorPrefillFromSearch(params)).toEqual({
      crypto_network: '',
      address: '',
      identity_id: '',
      returnTo: undefined,
    });
  });
});

describe('links', () => {
  it('builds the withdrawal and editor links, leaving out an empty identity', () => {
    const key = { crypto_network: 'BASE', address: '0xA b', identity_id: '' };
    expect(withdrawToAddressUrl(key)).toBe('/withdrawals/new?crypto_network=BASE&address=0xA+b');
    expect(editAddressUrl({ ...key, identity_id: 'i 1' })).toBe(
      '/addresses/new?crypto_network=BASE&address=0xA+b&identity_id=i+1',
    );
  });
});
