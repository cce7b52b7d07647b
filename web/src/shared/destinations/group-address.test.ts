import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { groupAddress } from './group-address';

describe('groupAddress', () => {
  it('splits into groups of four from the start, the last one shorter', () => {
    expect(groupAddress('bc1qrsfaa')).toEqual(['bc1q', 'rsfa', 'a']);
  });

  it('keeps the 0x prefix apart so the groups align with the hex digits', () => {
    expect(groupAddress('0x8Cf798A5D3')).toEqual(['0x', '8Cf7', '98A5', 'D3']);
    expect(groupAddress('0X8cf7')).toEqual(['0X', '8cf7']);
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
        const body = /^0x/i.test(s) && s.length > 2 ? groups.slice(1) : groups;
        expect(body.slice(0, -1).every((g) => g.length === 4)).toBe(true);
      }),
    );
  });
});
