import { describe, expect, it } from 'vitest';
import {
  currentCursor,
  describeRowRange,
  popCursor,
  pushCursor,
  readPages,
  rowRange,
} from './cursor-pages';

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

describe('readPages', () => {
  // Pages 'a', 'b', 'c': each names the next; the last names none ('' or null count as none).
  const book: Record<string, { items: number[]; next: string | null }> = {
    start: { items: [1, 2], next: 'b' },
    b: { items: [3], next: 'c' },
    c: { items: [4, 5], next: '' },
  };
  const reader = () => {
    const asked: Array<string | undefined> = [];
    const readPage = async (cursor: string | undefined) => {
      asked.push(cursor);
      return book[cursor ?? 'start']!;
    };
    return { asked, readPage };
  };

  it('reads until a page names no next one, the first without a cursor', async () => {
    const { asked, readPage } = reader();
    expect(await readPages(readPage, 10)).toEqual({ items: [1, 2, 3, 4, 5], truncated: false });
    expect(asked).toEqual([undefined, 'b', 'c']);
  });

  it('stops at the cap and says pages were left', async () => {
    const { asked, readPage } = reader();
    expect(await readPages(readPage, 2)).toEqual({ items: [1, 2, 3], truncated: true });
    expect(asked).toEqual([undefined, 'b']);
  });

  it('is not truncated when the cap falls on the last page', async () => {
    const { readPage } = reader();
    expect(await readPages(readPage, 3)).toEqual({ items: [1, 2, 3, 4, 5], truncated: false });
  });

  it('stops once a page is enough', async () => {
    const { asked, readPage } = reader();
    const read = await readPages(readPage, 10, (page) => page.includes(3));
    expect(read).toEqual({ items: [1, 2, 3], truncated: false });
    expect(asked).toEqual([undefined, 'b']);
  });
});
