import { describe, expect, it } from 'vitest';
import { formatIdList, parseIdList } from './id-list';

describe('parseIdList', () => {
  it('splits on lines, commas, semicolons, tabs and spaces, once per id', () => {
    expect(parseIdList(' a\r\nb,c;d\te  f\n\na ')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
  it('drops quotes from spreadsheet copies', () => {
    expect(parseIdList(`"a","b"\n'c'`)).toEqual(['a', 'b', 'c']);
  });
  it('gives nothing for blank text', () => {
    expect(parseIdList(' \n , ')).toEqual([]);
    expect(formatIdList(['a', 'b'])).toBe('a\nb');
  });
});
