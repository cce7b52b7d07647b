import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { DOGECOIN_PARAMS, validateDogecoinAddress } from './dogecoin';
import { validateAddress } from './index';

const mainnet = { allowTestnet: false };
const sandbox = { allowTestnet: true };
const base58check = createBase58check(sha256);
const encode = (version: number, hash: Uint8Array) =>
  base58check.encode(Uint8Array.of(version, ...hash));

describe('validateDogecoinAddress', () => {
  it('accepts mainnet P2PKH (D…) and P2SH (9…/A…)', () => {
    expect(validateDogecoinAddress('DFt9S2cw25TS2JBcGnBDZ4RYi96m8rfrmh', mainnet)).toEqual({
      valid: true,
      testnet: false,
      format: 'P2PKH',
    });
    expect(validateDogecoinAddress('9uRT7K3JmoFjmpkLJMJLd2WH16Ze7hqi3T', mainnet)).toEqual({
      valid: true,
      testnet: false,
      format: 'P2SH',
    });
  });

  it('uses the version bytes of Dogecoin Core: D…, 9…/A…, n…, 2…', () => {
    const hash = new Uint8Array(20).fill(0x42);
    expect(encode(DOGECOIN_PARAMS.p2pkh, hash)).toMatch(/^D/);
    expect(encode(DOGECOIN_PARAMS.p2sh, new Uint8Array(20))).toMatch(/^9/);
    expect(encode(DOGECOIN_PARAMS.p2sh, new Uint8Array(20).fill(0xff))).toMatch(/^A/);
    expect(encode(DOGECOIN_PARAMS.testP2pkh, hash)).toMatch(/^n/);
    expect(encode(DOGECOIN_PARAMS.testP2sh, hash)).toMatch(/^2/);
  });

  it('accepts testnet forms only outside production', () => {
    for (const address of [
      'nqNbHzghjxKgqJxrSPZMrguipmACCUtuBX',
      '2NEESGUWCZT2thkFfQSRNTpHuFsxPRPZVo6',
    ]) {
      expect(validateDogecoinAddress(address, sandbox)).toMatchObject({
        valid: true,
        testnet: true,
      });
      expect(validateAddress('DOGECOIN', address, mainnet)).toEqual({
        valid: false,
        reason: 'this is a testnet address; this environment accepts mainnet only',
      });
    }
  });

  it('names the cause', () => {
    const cases: [string, RegExp][] = [
      ['DFt9S2cw25TS2JBcGnBDZ4RYi96m8rfrmj', /checksum mismatch/],
      ['DFt9S2cw25TS2JBcGnBDZ4RYi96m8rfr0h', /"0", which base58 never uses/],
      ['DFt9S2cw25TS2JBcGnBDZ4RYi96m8', /too short or too long/],
    ];
    for (const [input, reason] of cases)
      expect(validateDogecoinAddress(input, mainnet)).toMatchObject({
        valid: false,
        reason: expect.stringMatching(reason),
      });
  });

  it('names a Bitcoin address typed for Dogecoin, and a Dogecoin address typed for Bitcoin', () => {
    expect(validateAddress('DOGECOIN', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', mainnet)).toEqual({
      valid: false,
      reason: 'this is a Bitcoin address, but DOGECOIN is selected',
    });
    expect(validateAddress('BITCOIN', 'DFt9S2cw25TS2JBcGnBDZ4RYi96m8rfrmh', mainnet)).toEqual({
      valid: false,
      reason: 'this is a Dogecoin address, but BITCOIN is selected',
    });
  });

  it('property: any 20-byte hash under a Dogecoin version byte validates; another version is refused', () => {
    const { p2pkh, p2sh, testP2pkh, testP2sh } = DOGECOIN_PARAMS;
    const versions = [p2pkh, p2sh, testP2pkh, testP2sh];
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.integer({ min: 0, max: 255 }),
        (hash, version) => {
          const result = validateDogecoinAddress(encode(version, hash), sandbox);
          expect(result.valid).toBe(versions.includes(version));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: changing one character of a valid address is caught', () => {
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.nat(),
        fc.nat(),
        (hash, at, pick) => {
          const address = encode(DOGECOIN_PARAMS.p2pkh, hash);
          const i = 1 + (at % (address.length - 1));
          const replacement = alphabet[pick % alphabet.length] as string;
          fc.pre(replacement !== address[i]);
          const typo = address.slice(0, i) + replacement + address.slice(i + 1);
          expect(validateDogecoinAddress(typo, sandbox).valid).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});
