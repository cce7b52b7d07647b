import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  assembleJsonCompleteWasm,
  jsonCompleteWasmModuleText,
  UPSTREAM_DIR,
} from '#bff-test/json-complete-assembler';
import { isCompleteJson, JsonCompleteness } from './json-complete';
import { JSON_COMPLETE_WASM } from './json-complete-wasm';

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** The rule written plainly, byte by byte: what the WebAssembly must answer. */
function reference(body: Uint8Array): boolean {
  let i = 0;
  const space = (b: number | undefined) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
  while (space(body[i])) i++;
  if (body[i] !== 0x7b && body[i] !== 0x5b) return false;
  const expected: number[] = [];
  let inString = false;
  for (; i < body.length; i++) {
    const c = body[i]!;
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (expected.length === 256) return false;
      expected.push(c + 2);
    } else if (c === 0x7d || c === 0x5d) {
      if (expected.pop() !== c) return false;
      if (expected.length === 0) {
        i++;
        while (space(body[i])) i++;
        return i === body.length;
      }
    }
  }
  return false;
}

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
    expect(isCompleteJson(bytes('['.repeat(256) + ']'.repeat(256)))).toBe(true);
    expect(isCompleteJson(bytes('['.repeat(257) + ']'.repeat(257)))).toBe(false);
  });

  it('passes any JSON object whole and never its first part', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.nat(), (value, at) => {
        const text = JSON.stringify(value);
        expect(isCompleteJson(bytes(text))).toBe(true);
        const cut = bytes(text).subarray(0, at % Buffer.byteLength(text));
        expect(isCompleteJson(cut)).toBe(false);
      }),
    );
  });

  it('answers as the plain rule on any mix of brackets, quotes and backslashes, across blocks', () => {
    const soup = fc
      .array(fc.constantFrom('{', '}', '[', ']', '"', '\\', 'a', ' ', ':', ',', 'é', '"\\"'), {
        maxLength: 80,
      })
      .map((parts) => bytes(parts.join('')));
    fc.assert(
      fc.property(fc.constantFrom('{', '['), soup, (open, rest) => {
        const body = Buffer.concat([bytes(open), rest]);
        expect(isCompleteJson(body)).toBe(reference(body));
      }),
      { numRuns: 20_000 },
    );
  });

  it('answers the same for a body in chunks as it came as for the body joined', () => {
    const soup = fc
      .array(fc.constantFrom('{', '}', '[', ']', '"', '\\', 'a', ' ', 'é', '"\\"'), {
        maxLength: 60,
      })
      .map((parts) => bytes(parts.join('')));
    fc.assert(
      fc.property(fc.constantFrom('{', '['), soup, fc.array(fc.nat()), (open, rest, cuts) => {
        const body = Buffer.concat([bytes(open), rest]);
        // Cut anywhere, a multibyte character or an escape included; empty chunks too.
        const at = [...cuts.map((cut) => cut % (body.length + 1)), body.length].sort(
          (a, b) => a - b,
        );
        const chunks = at.map((end, i) => body.subarray(i === 0 ? 0 : at[i - 1], end));
        expect(isCompleteJson(chunks)).toBe(reference(body));
      }),
      { numRuns: 5_000 },
    );
    expect(isCompleteJson([bytes(' {"a":'), bytes('[1]}'), bytes('\n')])).toBe(true);
    expect(isCompleteJson([bytes('{"a":'), bytes('[1]')])).toBe(false);
    expect(isCompleteJson([])).toBe(false);
  });

  it('keeps each body apart when bodies come side by side, chunk by chunk', () => {
    const soup = fc
      .array(fc.constantFrom('{', '}', '[', ']', '"', '\\', 'a', ' ', '"\\"', '[{"k":['), {
        maxLength: 60,
      })
      .map((parts) => bytes(parts.join('')));
    const body = fc
      .tuple(fc.constantFrom('{', '['), soup, fc.integer({ min: 1, max: 7 }))
      .map(([open, rest, size]) => ({ body: Buffer.concat([bytes(open), rest]), size }));
    fc.assert(
      fc.property(fc.array(body, { minLength: 2, maxLength: 4 }), (bodies) => {
        const checks = bodies.map(() => new JsonCompleteness());
        // Round robin: one chunk of each body in turn, as interleaved reads deliver them.
        for (let at = 0; bodies.some(({ body: b }, i) => at * bodies[i]!.size < b.length); at++)
          bodies.forEach(({ body: b, size }, i) => {
            if (at * size < b.length) checks[i]!.push(b.subarray(at * size, (at + 1) * size));
          });
        bodies.forEach(({ body: b }, i) => expect(checks[i]!.complete).toBe(reference(b)));
      }),
      { numRuns: 3_000 },
    );
  });

  it('carries a deep nesting across chunks of one byte', () => {
    const deep = bytes(`${'[{"a":'.repeat(120)}1${'}]'.repeat(120)}`);
    const check = new JsonCompleteness();
    for (let i = 0; i < deep.length; i++) check.push(deep.subarray(i, i + 1));
    expect(check.complete).toBe(true);
    const cut = new JsonCompleteness();
    for (let i = 0; i < deep.length - 1; i++) cut.push(deep.subarray(i, i + 1));
    expect(cut.complete).toBe(false);
    // The wrong closer for the outermost `[`: refused, and nothing after mends it.
    cut.push(bytes('}'));
    expect(cut.complete).toBe(false);
    cut.push(bytes(']'));
    expect(cut.complete).toBe(false);
  });

  it('reads a page bigger than the memory it started with, then a small one again', () => {
    const big = JSON.stringify({ s: Array.from({ length: 40_000 }, (_, i) => `\\"${i}{`) });
    expect(Buffer.byteLength(big)).toBeGreaterThan(65_536 * 3);
    expect(isCompleteJson(bytes(big))).toBe(true);
    expect(isCompleteJson(bytes(big.slice(0, -1)))).toBe(false);
    expect(isCompleteJson(bytes('{"a":[]}'))).toBe(true);
  });

  it('runs the bytes assembled from json-complete.wat (regenerate: scripts/build-json-complete-wasm.ts)', async () => {
    const assembled = await assembleJsonCompleteWasm();
    const committed = readFileSync(join(UPSTREAM_DIR, 'json-complete-wasm.ts'), 'utf8');
    expect(committed).toBe(jsonCompleteWasmModuleText(assembled));
    expect(committed).toContain(JSON_COMPLETE_WASM);
  });
});
