import { describe, expect, it } from 'vitest';
import { preferredCoding, type StaticCoding } from './accept-encoding';

const BOTH = new Set<StaticCoding>(['br', 'gzip']);
const GZIP_ONLY = new Set<StaticCoding>(['gzip']);

describe('preferredCoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', BOTH, 'br'],
    ['gzip, deflate', BOTH, 'gzip'],
    ['br', GZIP_ONLY, undefined],
    ['gzip, deflate, br', GZIP_ONLY, 'gzip'],
    ['br;q=0.5, gzip', BOTH, 'gzip'],
    ['br;q=0, gzip', BOTH, 'gzip'],
    ['br;q=0, gzip;q=0', BOTH, undefined],
    ['gzip;q=0.000', BOTH, undefined],
    ['*', BOTH, 'br'],
    ['*;q=0', BOTH, undefined],
    ['*;q=0, gzip', BOTH, 'gzip'],
    ['identity', BOTH, undefined],
    ['identity;q=1, gzip;q=0.5', BOTH, undefined],
    ['identity;q=0, gzip', BOTH, 'gzip'],
    ['BR;Q=1', BOTH, 'br'],
    ['x-gzip', BOTH, 'gzip'],
    ['br;q=2, gzip', BOTH, 'gzip'],
    ['br;q=abc', BOTH, undefined],
    ['', BOTH, undefined],
    [undefined, BOTH, undefined],
  ] as const)('%j with %o gives %s', (header, available, expected) => {
    expect(preferredCoding(header, available)).toBe(expected);
  });
});
