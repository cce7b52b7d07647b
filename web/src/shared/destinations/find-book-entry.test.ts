import { describe, expect, it } from 'vitest';
import type { AddressBookEntry } from '#contract/address-book';
import { findBookEntry } from './find-book-entry';

const EVM = '0x3A8e9b7c8d340626315788B48060469dFd080775';

function entry(fields: Partial<AddressBookEntry>): AddressBookEntry {
  return { crypto_network: 'ETHEREUM', address: EVM, ...fields } as AddressBookEntry;
}

describe('findBookEntry', () => {
  const forAlice = entry({ identity_id: 'alice', nickname: 'alice' });
  const withoutIdentity = entry({ nickname: 'none' });
  const onPolygon = entry({ crypto_network: 'POLYGON_POS', nickname: 'polygon' });
  const book = [onPolygon, forAlice, withoutIdentity];

  it('matches the network and the address as the network compares them', () => {
    expect(findBookEntry(book, 'POLYGON_POS', ` ${EVM.toLowerCase()} `)).toBe(onPolygon);
    expect(findBookEntry(book, 'BASE', EVM)).toBeUndefined();
    expect(findBookEntry(book, 'ETHEREUM', '  ')).toBeUndefined();
  });

  it('without an identity any entry of the destination answers; with one, only its own', () => {
    expect(findBookEntry(book, 'ETHEREUM', EVM)).toBe(forAlice);
    expect(findBookEntry(book, 'ETHEREUM', EVM, 'alice')).toBe(forAlice);
    expect(findBookEntry(book, 'ETHEREUM', EVM, 'bob')).toBeUndefined();
  });

  it('exactIdentity: no identity means the entry saved without one', () => {
    expect(findBookEntry(book, 'ETHEREUM', EVM, '', { exactIdentity: true })).toBe(withoutIdentity);
    expect(findBookEntry(book, 'ETHEREUM', EVM, undefined, { exactIdentity: true })).toBe(
      withoutIdentity,
    );
    expect(findBookEntry([forAlice], 'ETHEREUM', EVM, '', { exactIdentity: true })).toBeUndefined();
  });
});
