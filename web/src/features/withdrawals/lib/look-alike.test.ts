import { describe, expect, it } from 'vitest';
import { findLookAlikes, isLookAlike, sameAddress } from './look-alike';

const saved = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';
// Same first 4 and last 4 characters after 0x, different middle: the poisoning pattern.
const poisoned = '0x8Cf7000000000000000000000000000000006Ddc';

describe('isLookAlike', () => {
  it('flags an address sharing both ends of a saved one', () => {
    expect(isLookAlike(poisoned, saved)).toBe(true);
  });

  it('does not flag the saved address itself, in any letter case where case does not matter', () => {
    expect(isLookAlike(saved, saved)).toBe(false);
    expect(isLookAlike(saved.toLowerCase(), saved)).toBe(false);
    expect(sameAddress(saved.toUpperCase().replace('0X', '0x'), saved)).toBe(true);
  });

  it('ignores the fixed prefix every address of a kind shares', () => {
    expect(
      isLookAlike(
        'bc1qrsfaa2mcfxffa59z09jeyx600m69jhphy70500',
        'bc1qxhnhp4tkza99g4u5mzs8dpznz50hasretf832q',
      ),
    ).toBe(false);
    expect(
      isLookAlike(
        'bc1qrsfa9999999999999999999999999999990500',
        'bc1qrsfaa2mcfxffa59z09jeyx600m69jhphy70500',
      ),
    ).toBe(true);
  });

  it('keeps base58 case-sensitive', () => {
    const a = '7nwuiCcGFJQiBrRVbv57L5GZTrimDZF5sFBVwJNnPQbW';
    expect(isLookAlike('7nwuXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXPQbW', a)).toBe(true);
    expect(isLookAlike('7NWUXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXPQbW', a)).toBe(false);
  });

  it('does not flag different ends or short strings', () => {
    expect(isLookAlike('0x1234000000000000000000000000000000006Ddc', saved)).toBe(false);
    expect(isLookAlike('0x8Cf7', '0x8Cf7')).toBe(false);
    expect(isLookAlike('abc', 'abd')).toBe(false);
  });
});

describe('findLookAlikes', () => {
  const book = [
    { address: saved, nickname: 'Treasury' },
    { address: '0x9562d44269EFFdCcf34AfF1BAd67FCfb1C25b318', nickname: 'Desk' },
  ];

  it('names the saved entries imitated', () => {
    expect(findLookAlikes(poisoned, book).map((e) => e.nickname)).toEqual(['Treasury']);
  });

  it('is empty for a saved address, an unrelated one, or nothing typed', () => {
    expect(findLookAlikes(saved, book)).toEqual([]);
    expect(findLookAlikes('0x3A8e9b7c8d340626315788B48060469dFd080775', book)).toEqual([]);
    expect(findLookAlikes('  ', book)).toEqual([]);
  });
});
