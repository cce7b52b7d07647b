import { describe, expect, it } from 'vitest';
import { requestHash } from './request-hash';

describe('requestHash', () => {
  it('is the hash the BFF stored before it moved here (node:crypto sha256 of the canonical JSON)', () => {
    // Computed by the BFF's node:crypto version: ledgers and audit trails hold such hashes, and a
    // retry of a stored intent must hash to the same value.
    expect(
      requestHash({
        ref_id: 'r-1',
        profile_id: 'p-1',
        asset: 'ETH',
        crypto_network: 'ETHEREUM',
        destination_address: '0x3A8e',
        amount: '1.50',
        metadata: { note: 'é ✓' },
      }),
    ).toBe('eccd98153ae580fbd0d22884a889a9cd13e294d4c391fd2747154872d8a99abf');
    expect(requestHash([undefined, 1])).toBe(
      'a6336ae0a33a235e9cca062e513b1dd5583b938f2dbaba32d71383377eb2b523',
    );
    expect(requestHash(null)).toBe(
      '74234e98afe7498fb5daf1f36ac2d78acc339464f950703b8c019892f982b90b',
    );
    expect(requestHash('wdr-42')).toBe(
      'd2a61a61ff5400693a887a9f1ed262dbd5dc4b4fc5450ebcd909d7998d4c46c3',
    );
    expect(requestHash({ b: [1, undefined, 'x'], a: { c: undefined } })).toBe(
      'e888d151cc7857991b8286082dae45ec0aa766e1964e3c53e23fe0f9a9b68405',
    );
  });

  it('is one hash per intent, whatever the key order', () => {
    expect(requestHash({ a: 1, b: 2 })).toBe(requestHash({ b: 2, a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });

  it('hashes a value nested 100,000 levels deep', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? { a: deep } : [deep];
    expect(requestHash(deep)).toMatch(/^[0-9a-f]{64}$/);
  });
});
