import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { groupAddress } from './group-address';

describe('groupAddress', () => {
  it('splits into groups of four from the start, the last one shorter', () => {
    expect(groupAddress('0x8Cf798A5D3')).toEqual(['0x8C', 'f798', 'A5D3']);
    expect(groupAddress('bc1qrsfaa')).toEqual(['bc1q', 'rsfa', 'a']);
  });

  it('gives nothing for an empty address', () => {
    expect(groupAddress('')).toEqual([]);
  });

  it('loses and reorders no character', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (s) => {
        const groups = groupAddress(s);
        expect(groups.join('')).toBe(s);
        expect(groups.every((g) => g.length >= 1 && g.length <= 4)).toBe(true);
        expect(groups.slice(0, -1).every((g) => g.length === 4)).toBe(true);
      }),
    );
  });
});
