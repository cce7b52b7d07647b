import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

/** The definition, recursive: what the iterative version must equal on ordinary values. */
function reference(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : reference(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
}

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, undefined, 'x'], c: undefined } })).toBe(
      '{"a":{"d":[1,null,"x"]},"b":1}',
    );
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('writes undefined as JSON.stringify does: null in an array, left out of an object', () => {
    // The BFF and the SPA once disagreed here (`[null,1]` against `[,1]`): one rule now.
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
    expect(canonicalJson([undefined, 1])).toBe(JSON.stringify([undefined, 1]));
    expect(canonicalJson({ a: undefined, b: 1 })).toBe(JSON.stringify({ b: 1 }));
  });

  it('does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 'x'], c: undefined } })).toBe(
      canonicalJson({ a: { d: [1, 'x'] }, b: 1 }),
    );
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: '2' }));
  });

  it('equals the recursive definition on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
      }),
      { numRuns: 500 },
    );
  });

  it('is JSON.stringify of the same value with its keys sorted', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 200 },
    );
  });

  it('writes a value nested 100,000 levels deep (the recursive version overflowed the stack)', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? { a: deep } : [deep];
    expect(() => reference(deep)).toThrow(RangeError);
    expect(canonicalJson(deep).length).toBeGreaterThan(100_000);
  });
});
