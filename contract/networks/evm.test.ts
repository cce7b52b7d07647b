import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bytesToHex } from '@noble/hashes/utils.js';
import { toChecksumAddress, validateEvmAddress } from './evm';
import { EVM_NETWORKS } from '../crypto-network';
import { validateAddress } from './index';

// https://eips.ethereum.org/EIPS/eip-55#test-cases
const EIP55 = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

function flipCase(ch: string): string {
  return ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase();
}

describe('validateEvmAddress', () => {
  it.each(EIP55)('accepts the EIP-55 test case %s', (address) => {
    expect(validateEvmAddress(address).valid).toBe(true);
  });

  it.each(EIP55.slice(4))('computes the EIP-55 form of %s from its lower-case form', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
  });

  it.each(EIP55.slice(4))('rejects %s with one letter’s case flipped', (address) => {
    const i = [...address].findIndex((c, idx) => idx > 1 && /[a-f]/i.test(c));
    const typo = address.slice(0, i) + flipCase(address[i] as string) + address.slice(i + 1);
    expect(validateEvmAddress(typo)).toEqual({
      valid: false,
      reason: 'EIP-55 checksum mismatch: a character or its case is wrong',
    });
  });

  it('accepts single-case addresses as carrying no checksum', () => {
    expect(validateEvmAddress('0xde709f2102306220921060314715629080e2fb77')).toEqual({
      valid: true,
      testnet: false,
      format: 'no checksum (single case)',
    });
  });

  it('names the cause of malformed input', () => {
    const cases: [string, RegExp][] = [
      ['de709f2102306220921060314715629080e2fb77', /starts with 0x/],
      ['0Xde709f2102306220921060314715629080e2fb77', /lower-case x/],
      ['0xde709f2102306220921060314715629080e2fb7', /40 hex digits after 0x; this has 39/],
      ['0xde709f2102306220921060314715629080e2fb77a', /this has 41/],
      ['0xde709f2102306220921060314715629080e2fbzz', /"z", which is not a hex digit/],
      ['vitalik.eth', /ENS/],
      ['0x0000000000000000000000000000000000000000', /zero address/],
    ];
    for (const [input, reason] of cases)
      expect(validateEvmAddress(input)).toMatchObject({
        valid: false,
        reason: expect.stringMatching(reason),
      });
  });

  it('property: the EIP-55 form of any 20 bytes validates; flipping one letter’s case fails', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(), (bytes, pick) => {
        fc.pre(bytes.some((b) => b !== 0));
        const address = toChecksumAddress(`0x${bytesToHex(bytes)}`);
        expect(validateEvmAddress(address).valid).toBe(true);
        expect(validateEvmAddress(address.toLowerCase()).valid).toBe(true);
        const letters = [...address]
          .map((c, i) => (i > 1 && /[a-f]/i.test(c) ? i : -1))
          .filter((i) => i >= 0);
        const hex = address.slice(2);
        // Flipping a letter gives a mixed-case string unless the result is single case.
        fc.pre(letters.length >= 2);
        const i = letters[pick % letters.length] as number;
        const typo = address.slice(0, i) + flipCase(address[i] as string) + address.slice(i + 1);
        const typoHex = typo.slice(2);
        fc.pre(typoHex !== typoHex.toLowerCase() && typoHex !== typoHex.toUpperCase());
        expect(hex).not.toBe(typoHex);
        expect(validateEvmAddress(typo)).toMatchObject({
          valid: false,
          reason: expect.stringMatching(/EIP-55 checksum mismatch/),
        });
      }),
      { numRuns: 300 },
    );
  });

  it('is the validator of every EVM network, and an EVM address on another network is named', () => {
    for (const network of EVM_NETWORKS)
      expect(validateAddress(network, EIP55[4] as string, { allowTestnet: false }).valid).toBe(
        true,
      );
    for (const network of ['SOLANA', 'BITCOIN', 'STELLAR', 'LITECOIN', 'BITCOIN_CASH'] as const)
      expect(validateAddress(network, EIP55[4] as string, { allowTestnet: false })).toEqual({
        valid: false,
        reason: `this is an EVM (Ethereum-style) address, but ${network} is selected`,
      });
  });
});
