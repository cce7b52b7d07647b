import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { crc16xmodem, encodeStellarAccountId, validateStellarAddress } from './stellar';
import { validateAddress } from './index';

// SEP-23 (https://github.com/stellar/stellar-protocol/blob/master/ecosystem/sep-0023.md) tests.
const SEP23_ACCOUNT = 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ';
const SEP23_KEY = Uint8Array.from([
  0x3f, 0x0c, 0x34, 0xbf, 0x93, 0xad, 0x0d, 0x99, 0x71, 0xd0, 0x4c, 0xcc, 0x90, 0xf7, 0x05, 0x51,
  0x1c, 0x83, 0x8a, 0xad, 0x97, 0x34, 0xa4, 0xa2, 0xfb, 0x0d, 0x7a, 0x03, 0xfc, 0x7f, 0xe8, 0x9a,
]);

describe('Stellar StrKey', () => {
  it('CRC16-XModem matches its check value ("123456789" → 0x31C3)', () => {
    expect(crc16xmodem(utf8ToBytes('123456789'))).toBe(0x31c3);
  });

  it('encodes the SEP-23 key to its account id, and validates it', () => {
    expect(encodeStellarAccountId(SEP23_KEY)).toBe(SEP23_ACCOUNT);
    expect(validateStellarAddress(SEP23_ACCOUNT)).toEqual({
      valid: true,
      testnet: false,
      format: 'StrKey account id',
    });
  });

  it.each([
    ['GAAAAAAAACGC6', /56 characters; this has 13/],
    ['GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZA', /this has 57/],
    ['GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUACUSI', /this has 58/],
    ['G47QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVP2I', /unknown Stellar key version/],
    ['MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUQ', /muxed/],
    ['CA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUWDA', /contract/],
    ['LA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUPJN', /liquidity pool/],
    ['BAAD6DBUX6J22DMZOHIEZTEQ64CVCHEDRKWZONFEUL5Q26QD7R76RGR4TU', /claimable balance/],
    ['SA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ', /secret seed/],
    ['ga7qynf7sowq3glr2bgmzehxavirza4kvwltjjfc7mgxua74p7ujvsgz', /capital letters/],
    ['GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSG1', /"1", which base32 never uses/],
    ['GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGA', /Stellar key checksum invalid/],
  ])('rejects %s', (address, reason) => {
    expect(validateStellarAddress(address)).toMatchObject({
      valid: false,
      reason: expect.stringMatching(reason),
    });
  });

  it('property: any key encodes to a valid id, and any single-character change is caught', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.integer({ min: 1, max: 55 }),
        fc.integer({ min: 1, max: 31 }),
        (key, i, delta) => {
          const id = encodeStellarAccountId(key);
          expect(validateStellarAddress(id).valid).toBe(true);
          const changed = alphabet[(alphabet.indexOf(id[i] as string) + delta) % 32];
          const typo = id.slice(0, i) + changed + id.slice(i + 1);
          expect(validateStellarAddress(typo).valid).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('names a Stellar id typed for another network', () => {
    expect(validateAddress('SOLANA', SEP23_ACCOUNT, { allowTestnet: false })).toEqual({
      valid: false,
      reason: 'this is a Stellar address, but SOLANA is selected',
    });
  });
});
