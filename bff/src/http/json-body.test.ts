import { describe, expect, it } from 'vitest';
import { checkJsonShape } from './json-body';

const limits = { maxDepth: 4, maxKeys: 3 };
const check = (text: string) => checkJsonShape(Buffer.from(text, 'utf8'), limits)?.problem;

describe('checkJsonShape', () => {
  it('lets bodies within the limits through', () => {
    expect(check('{"a":{"b":[[1]]}}')).toBeUndefined();
    expect(check('{"a":1,"b":2,"c":3}')).toBeUndefined();
  });

  it('refuses a body nested deeper than the limit with a 400', () => {
    expect(check('[[[[[1]]]]]')).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(check('[{"a":[[{}]]}]')?.status).toBe(400);
  });

  it('refuses more members than the limit with a 413', () => {
    expect(check('{"a":1,"b":2,"c":3,"d":4}')).toMatchObject({ status: 413 });
  });

  it('does not count brackets, colons or escaped quotes inside strings', () => {
    expect(check('{"a":"[[[[[[:::::\\"[[[[[{{{{"}')).toBeUndefined();
    expect(check('{"é[[[[[":"ü]]]]]"}')).toBeUndefined();
  });
});
