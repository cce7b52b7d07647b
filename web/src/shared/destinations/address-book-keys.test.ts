import { describe, expect, it } from 'vitest';
import { addressBookQuery } from '#web/features/withdrawals/api/withdrawal-api';
import { addressEntryQuery } from '#web/features/addresses/api/address-api';
import { addressKeys } from './address-book-keys';
import { vaspKeys, vaspQuery } from './vasp-queries';

describe('query key factories', () => {
  it('every reading of the address book sits under one root (a save invalidates them all)', () => {
    const keys = [
      addressKeys.list('q', 'ETHEREUM'),
      addressKeys.entry('ETHEREUM', '0xabc', ''),
      addressKeys.destinations('q', 'ETHEREUM', 'exclude'),
      addressKeys.onNetwork('approval-review', 'ETHEREUM'),
      addressBookQuery('ETHEREUM').queryKey,
      addressEntryQuery('ETHEREUM', '0xabc', '').queryKey,
    ];
    for (const key of keys) expect(key.slice(0, 1)).toEqual(addressKeys.all);
    expect(new Set(keys.map((k) => JSON.stringify(k))).size).toBe(keys.length - 1);
  });

  it('one VASP lookup key, wherever the name is read', () => {
    expect(vaspQuery('vasp-kraken').queryKey).toEqual(vaspKeys.one('vasp-kraken'));
    expect(vaspKeys.search('kr').slice(0, 1)).toEqual(vaspKeys.all);
  });
});
