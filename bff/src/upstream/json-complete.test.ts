import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isCompleteJson } from './json-complete';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('isCompleteJson', () => {
  it('accepts whole objects and arrays, whitespace around them', () => {
    expect(isCompleteJson(bytes('{}'))).toBe(true);
    expect(isCompleteJson(bytes(' \n[1, {"a": [2]}]\r\n\t'))).toBe(true);
    expect(isCompleteJson(bytes('{"s":"a \\"}\\" ] [ {","n":null}'))).toBe(true);
    expect(isCompleteJson(bytes('{"s":"ends in a backslash \\\\"}'))).toBe(true);
    expect(isCompleteJson(new Uint8Array(bytes('{"x":"é"}')))).toBe(true);
  });

  it('refuses a body cut short, whatever the cut', () => {
    const page = JSON.stringify({
      statements: [{ id: 's-1', metadata: { note: 'a } ] " \\ b' }, balances: [] }],
      next_page_cursor: null,
    });
    for (let cut = 0; cut < page.length; cut++) {
      expect(isCompleteJson(bytes(page.slice(0, cut))), page.slice(0, cut)).toBe(false);
    }
    expect(isCompleteJson(bytes(page))).toBe(true);
  });

  it('refuses what is not one bracketed value', () => {
    for (const text of [
      '',
      '   ',
      'null',
      '"x"',
      '12',
      '{}{}',
      '{} x',
      '{]',
      '[}',
      '{"a":[}]',
      '}{',
    ]) {
      expect(isCompleteJson(bytes(text)), text).toBe(false);
    }
    expect(isCompleteJson(bytes('['.repeat(300) + ']'.repeat(300)))).toBe(false);
  });

  it('passes any JSON object whole and never its first half', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const text = JSON.stringify(value);
        expect(isCompleteJson(bytes(text))).toBe(true);
        const cut = Math.floor(text.length / 2);
        expect(isCompleteJson(bytes(text.slice(0, cut)))).toBe(false);
      }),
    );
  });
});
