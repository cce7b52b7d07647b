import { describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { createRecordingStore } from '#bff-test/recording-store';
import { testBffForSuite } from '#bff-test/test-bff-for-suite';
import { checkJsonShape, declaredCharset } from './json-body';

// Issue 23, item 6: the nesting and member limits were skipped for UTF-16 bodies. The shape check
// scans raw bytes as UTF-8; in UTF-16 the code unit of `∀` (U+2200) holds a 0x22 byte, read as a
// quote, so everything after it looked like a string. JSON between systems MUST be UTF-8 (RFC
// 8259, 8.1): any other charset is now refused with a 415 before the body is read.

const DEEP = 200;
/** `{"k":"∀","x":[[[…]]]}` nested DEEP levels: far past the 32-level limit. */
const deepText = `{"k":"\u2200","x":${'['.repeat(DEEP)}${']'.repeat(DEEP)}}`;

function utf16be(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le');
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
  return le;
}

describe('the charset of a JSON body', () => {
  it('reads the declared charset, quoted or not, in any case', () => {
    expect(declaredCharset('application/json')).toBeUndefined();
    expect(declaredCharset('application/json; charset=UTF-8')).toBe('utf-8');
    expect(declaredCharset('application/json;foo=bar; Charset="utf-16le"')).toBe('utf-16le');
    expect(declaredCharset(undefined)).toBeUndefined();
  });

  it('is why: the byte scan cannot see nesting in UTF-16, but sees it in UTF-8', () => {
    const limits = { maxDepth: 32, maxKeys: 1_000 };
    expect(checkJsonShape(Buffer.from(deepText, 'utf16le'), limits)).toBeUndefined();
    expect(checkJsonShape(Buffer.from(deepText, 'utf8'), limits)?.problem.status).toBe(400);
  });

  describe('over HTTP', () => {
    const bff = testBffForSuite(() => ({ deps: { store: createRecordingStore() } }));

    const post = (body: Buffer, contentType: string) =>
      fetch(`${bff.url}/api/withdrawals`, {
        method: 'POST',
        headers: { 'x-csrf': '1', 'content-type': contentType },
        body: new Uint8Array(body),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));

    it.each([
      ['utf-16le', Buffer.from(deepText, 'utf16le')],
      ['UTF-16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(deepText, 'utf16le')])],
      ['utf-16be', utf16be(deepText)],
      ['"utf-32"', Buffer.from(deepText, 'utf8')],
      ['iso-8859-1', Buffer.from('{}', 'latin1')],
    ])('charset=%s is a 415 problem, whatever the body', async (charset, body) => {
      const res = await post(body, `application/json; charset=${charset}`);
      expect(res.status).toBe(415);
      expect(ProblemSchema.parse(res.body)).toMatchObject({
        title: 'Unsupported Media Type',
        detail: expect.stringMatching(/must be UTF-8 \(RFC 8259\)/),
      });
      expect(bff.sandbox.stats().requests).toEqual({});
    });

    // Issue 37 item 6: `charset=utf8` was a 415 (body-parser knows UTF-8 only as `utf-*`).
    it.each(['utf8', 'UTF8', '"utf8"', 'unicode-1-1-utf-8', 'csUTF8', 'x-unicode20utf8'])(
      'charset=%s is UTF-8 by another name: the body is read',
      async (charset) => {
        const type = `application/json; charset=${charset}`;
        const deep = await post(Buffer.from(deepText, 'utf8'), type);
        expect(deep.status).toBe(400);
        expect(ProblemSchema.parse(deep.body).detail).toMatch(/nested too deeply/);
        // Parsed and checked by the schema: a field error, not a media type refusal.
        const res = await post(Buffer.from(JSON.stringify({ memo: 'Café ✓' }), 'utf8'), type);
        expect(res.status).toBe(400);
        expect(ProblemSchema.parse(res.body).errors?.length).toBeGreaterThan(0);
      },
    );

    it.each(['utf-7', 'utf', 'utf-8x', 'utf88', 'latin1', 'us-ascii'])(
      'charset=%s is not UTF-8: a 415',
      async (charset) => {
        const res = await post(Buffer.from('{}', 'utf8'), `application/json; charset=${charset}`);
        expect(res.status).toBe(415);
      },
    );

    it('UTF-8, declared or not, still meets the nesting limit (400)', async () => {
      for (const type of ['application/json', 'application/json; charset=utf-8']) {
        const res = await post(Buffer.from(deepText, 'utf8'), type);
        expect(res.status).toBe(400);
        expect(ProblemSchema.parse(res.body).detail).toMatch(/nested too deeply/);
      }
    });
  });
});
