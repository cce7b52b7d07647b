import { describe, expect, it } from 'vitest';
import { isWholeJsonObject } from './complete-json';

const check = (text: string) => isWholeJsonObject(Buffer.from(text));

describe('isWholeJsonObject', () => {
  const page = JSON.stringify({
    statements: [
      { id: 's-1', metadata: { note: 'a "}]" \\ and \\\\"' }, statement_balances: [{}] },
    ],
    next_page_cursor: 'c',
  });

  it('accepts a whole page, an empty one and surrounding spaces', () => {
    expect(check(page)).toBe(true);
    expect(check('{}')).toBe(true);
    expect(check(`\n ${page}\r\n`)).toBe(true);
  });

  it('refuses every strict prefix of a page, including cuts that end in a brace', () => {
    for (let end = 0; end < page.length; end += 1) expect(check(page.slice(0, end))).toBe(false);
  });

  it('refuses what is not one object', () => {
    expect(check('[]')).toBe(false);
    expect(check('{}{}')).toBe(false);
    expect(check('{}}')).toBe(false);
    expect(check('{"a":"}')).toBe(false);
    expect(check('<html></html>')).toBe(false);
  });
});
