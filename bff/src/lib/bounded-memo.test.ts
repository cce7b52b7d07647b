import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo';

describe('boundedMemo', () => {
  it('answers what was kept and forgets the oldest beyond its bound', () => {
    const memo = boundedMemo<string, number>(2);
    expect(memo.keep('a', 1)).toBe(1);
    memo.keep('b', 2);
    expect(memo.get('a')).toBe(1);
    memo.keep('c', 3);
    expect(memo.get('a')).toBeUndefined();
    expect([memo.get('b'), memo.get('c')]).toEqual([2, 3]);
  });

  it('keeping a known key again replaces it without forgetting another', () => {
    const memo = boundedMemo<string, number>(2);
    memo.keep('a', 1);
    memo.keep('b', 2);
    memo.keep('b', 20);
    expect([memo.get('a'), memo.get('b')]).toEqual([1, 20]);
  });
});
