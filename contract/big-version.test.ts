import { describe, expect, it } from 'vitest';
import { quoteBigVersions } from './big-version';

const parse = (text: string) => JSON.parse(quoteBigVersions(text)) as unknown;

describe('quoteBigVersions', () => {
  it('keeps every digit of a version beyond 2^53', () => {
    expect(
      parse('{"statements":[{"id":"a","version": 9223372036854775807 },{"version":2}]}'),
    ).toEqual({ statements: [{ id: 'a', version: '9223372036854775807' }, { version: 2 }] });
    expect(parse('{"version":-9223372036854775808}')).toEqual({ version: '-9223372036854775808' });
  });

  it('leaves safe integers, other members, fractions, exponents and strings alone', () => {
    // Parsed as JSON.parse alone would: nothing to keep.
    for (const text of [
      '{"version":9007199254740991}',
      '{"amount":9223372036854775807}',
      '{"version":12345678901234567.5}',
      '{"version":12345678901234567e2}',
    ])
      expect(parse(text)).toEqual(JSON.parse(text));
    const inString = JSON.stringify({ note: '{"version":9223372036854775807}' });
    expect(quoteBigVersions(inString)).toBe(inString);
  });
});
