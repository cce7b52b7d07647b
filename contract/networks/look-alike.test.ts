import { describe, expect, it } from 'vitest';
import { findLookAlikes, isLookAlike } from './look-alike';

const saved = { crypto_network: 'ETHEREUM', address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc' };
// Same first 4 and last 4 characters after 0x, different middle: the poisoning pattern.
const poisoned = '0x8Cf7000000000000000000000000000000006Ddc';
const on = (crypto_network: string, address: string) => ({ crypto_network, address });

describe('isLookAlike', () => {
  it('flags an address sharing both ends of a saved one', () => {
    expect(isLookAlike(poisoned, saved)).toBe(true);
    expect(isLookAlike(poisoned.toLowerCase(), saved)).toBe(true);
  });

  it('does not flag the saved address itself, in any spelling canonicalAddress equates', () => {
    expect(isLookAlike(saved.address, saved)).toBe(false);
    expect(isLookAlike(saved.address.toLowerCase(), saved)).toBe(false);
    expect(isLookAlike(`  ${saved.address.toUpperCase().replace('0X', '0x')}`, saved)).toBe(false);
    const cash = 'bitcoincash:qpe7q0hytzztux5a0cpd4u5yahrnpw7szuwdk8r0v9';
    expect(isLookAlike(cash.slice('bitcoincash:'.length), on('BITCOIN_CASH', cash))).toBe(false);
  });

  it('ignores the fixed prefix every address of a kind shares', () => {
    const segwit = on('BITCOIN', 'bc1qrsfaa2mcfxffa59z09jeyx600m69jhphy70500');
    expect(isLookAlike('bc1qxhnhp4tkza99g4u5mzs8dpznz50hasretf832q', segwit)).toBe(false);
    expect(isLookAlike('bc1qrsfa9999999999999999999999999999990500', segwit)).toBe(true);
    const sui = on('SUI', '0x5426c50f9c771e8e9e7288c9b2d2ca7c7a6a455a9f6c47c5d482bfb99684471c');
    expect(isLookAlike(`0x5426${'0'.repeat(56)}471c`, sui)).toBe(true);
  });

  it('keeps base58 case-sensitive', () => {
    const a = on('SOLANA', '7nwuiCcGFJQiBrRVbv57L5GZTrimDZF5sFBVwJNnPQbW');
    expect(isLookAlike('7nwuXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXPQbW', a)).toBe(true);
    expect(isLookAlike('7NWUXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXPQbW', a)).toBe(false);
  });

  it('does not flag different ends or short strings', () => {
    expect(isLookAlike('0x1234000000000000000000000000000000006Ddc', saved)).toBe(false);
    expect(isLookAlike('0x8Cf7', on('ETHEREUM', '0x8Cf7'))).toBe(false);
    expect(isLookAlike('abc', on('SOLANA', 'abd'))).toBe(false);
  });
});

describe('findLookAlikes', () => {
  const book = [
    { ...saved, nickname: 'Treasury' },
    { ...on('BASE', '0x9562d44269EFFdCcf34AfF1BAd67FCfb1C25b318'), nickname: 'Desk' },
  ];

  it('names the saved entries imitated', () => {
    expect(findLookAlikes(poisoned, book).map((e) => e.nickname)).toEqual(['Treasury']);
  });

  it('is empty for a saved address, an unrelated one, or nothing typed', () => {
    expect(findLookAlikes(saved.address, book)).toEqual([]);
    expect(findLookAlikes('0x3A8e9b7c8d340626315788B48060469dFd080775', book)).toEqual([]);
    expect(findLookAlikes('  ', book)).toEqual([]);
  });

  it('keeps warning for both once a look-alike got into the book', () => {
    const both = [...book, { ...on('ETHEREUM', poisoned), nickname: 'Poisoned' }];
    expect(findLookAlikes(saved.address, both).map((e) => e.nickname)).toEqual(['Poisoned']);
    expect(findLookAlikes(poisoned, both).map((e) => e.nickname)).toEqual(['Treasury']);
  });
});
