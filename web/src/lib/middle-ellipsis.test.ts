import { describe, expect, it } from 'vitest';
import { middleEllipsis } from './middle-ellipsis';

describe('middleEllipsis', () => {
  it('keeps the head and the tail of a long value around one ellipsis', () => {
    expect(middleEllipsis('b7b77d82-e6a7-4ae9-9904-36231aedf985', 8, 4)).toBe('b7b77d82…f985');
  });

  it('leaves a value no longer than the bound as it is', () => {
    expect(middleEllipsis('0123456789abc', 8, 4)).toBe('0123456789abc');
    expect(middleEllipsis('0123456789abcdefghij', 10, 8, 20)).toBe('0123456789abcdefghij');
    expect(middleEllipsis('0123456789abcdefghijk', 10, 8, 20)).toBe('0123456789…defghijk');
  });
});
