import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bytesToHex } from '@noble/hashes/utils.js';
import { validateSuiAddress } from './sui';
import { validateAddress } from './index';

const mainnet = { allowTestnet: false };
const SUI = '0x5426c50f9c771e8e9e7288c9b2d2ca7c7a6a455a9f6c47c5d482bfb99684471c';

describe('validateSuiAddress', () => {
  it('accepts 0x and 64 hex digits, in one case', () => {
    expect(validateSuiAddress(SUI)).toEqual({
      valid: true,
      testnet: false,
      format: '0x + 32 bytes',
    });
    expect(validateSuiAddress(`0x${SUI.slice(2).toUpperCase()}`).valid).toBe(true);
  });

  it('names the cause: short, long, mixed case, not hex, no prefix', () => {
    const cases: [string, RegExp][] = [
      ['0x2', /too short: a Sui address has 64 hex digits after 0x; this has 1/],
      [SUI.slice(0, 42), /too short: .* this has 40/],
      [`${SUI}ab`, /too long: .* this has 66/],
      [`0x5426C50f${SUI.slice(10)}`, /mixes upper- and lower-case/],
      [`${SUI.slice(0, -1)}g`, /"g", which is not a hex digit/],
      [SUI.slice(2), /starts with 0x/],
      [`0X${SUI.slice(2)}`, /lower-case x/],
      ['alice.sui', /SuiNS/],
      [`0x${'0'.repeat(64)}`, /zero address/],
    ];
    for (const [input, reason] of cases)
      expect(validateSuiAddress(input), input).toMatchObject({
        valid: false,
        reason: expect.stringMatching(reason),
      });
  });

  it('tells a Sui address and an EVM address apart, naming the other network', () => {
    expect(validateAddress('ETHEREUM', SUI, mainnet)).toEqual({
      valid: false,
      reason: 'this is a Sui address, but ETHEREUM is selected',
    });
    expect(validateAddress('SUI', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', mainnet)).toEqual({
      valid: false,
      reason: 'this is an EVM (Ethereum-style) address, but SUI is selected',
    });
  });

  it('property: any non-zero 32 bytes in lower-case hex is valid; any other length is refused', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 48 }), (bytes) => {
        fc.pre(bytes.some((b) => b !== 0));
        const result = validateSuiAddress(`0x${bytesToHex(bytes)}`);
        expect(result.valid).toBe(bytes.length === 32);
        if (!result.valid) expect(result.reason).toMatch(/64 hex digits after 0x/);
      }),
      { numRuns: 500 },
    );
  });
});
