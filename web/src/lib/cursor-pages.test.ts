import { describe, expect, it } from 'vitest';
import { currentCursor, describeRowRange, popCursor, pushCursor, rowRange } from './cursor-pages';

describe('cursor stack', () => {
  it('pushes forward and pops back to the same pages', () => {
    const page2 = pushCursor([], 'c1');
    const page3 = pushCursor(page2, 'c2');
    expect(page3).toEqual(['c1', 'c2']);
    expect(currentCursor(page3)).toBe('c2');
    expect(popCursor(page3)).toEqual(page2);
    expect(currentCursor(popCursor(page2))).toBeUndefined();
  });

  it('never goes before page 1 and never mutates the stack', () => {
    const stack = ['a'];
    expect(popCursor(popCursor(stack))).toEqual([]);
    pushCursor(stack, 'b');
    expect(stack).toEqual(['a']);
  });
});

describe('row range', () => {
  it('numbers rows from the page position', () => {
    expect(describeRowRange(rowRange([], 100, 100))).toBe('rows 1 to 100');
    expect(describeRowRange(rowRange(['c1'], 100, 100))).toBe('rows 101 to 200');
    expect(describeRowRange(rowRange(['c1', 'c2'], 100, 37))).toBe('rows 201 to 237');
    expect(describeRowRange(rowRange(Array(11).fill('c'), 100, 100))).toBe('rows 1,101 to 1,200');
  });

  it('says when there is one row or none', () => {
    expect(describeRowRange(rowRange(['c'], 25, 1))).toBe('row 26');
    expect(rowRange([], 25, 0)).toBeUndefined();
    expect(describeRowRange(undefined)).toBe('no rows');
  });
});
