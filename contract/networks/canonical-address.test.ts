import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bytesToHex } from '@noble/hashes/utils.js';
import { CRYPTO_NETWORKS, EVM_NETWORKS } from '../crypto-network';
import { encodeCashAddr } from './bitcoin-cash';
import { toChecksumAddress } from './evm';
import { bookKey, canonicalAddress, destinationKey, isSameAddress } from './canonical-address';
import { validateAddress } from './index';

const EVM = '0x3A8e9b7c8d340626315788B48060469dFd080775';
const CASH = 'qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy';

describe('canonicalAddress', () => {
  it('EVM: lower-case hex, on every EVM network', () => {
    for (const network of EVM_NETWORKS) {
      expect(canonicalAddress(network, EVM)).toBe(EVM.toLowerCase());
      expect(isSameAddress(network, EVM, EVM.toLowerCase())).toBe(true);
      expect(isSameAddress(network, EVM, `0x${EVM.slice(2).toUpperCase()}`)).toBe(true);
    }
  });

  it('Bitcoin Cash: with or without bitcoincash:, in either case, is one address', () => {
    const variants = [
      `bitcoincash:${CASH}`,
      CASH,
      CASH.toUpperCase(),
      `BITCOINCASH:${CASH.toUpperCase()}`,
      `  ${CASH}\n`,
    ];
    for (const variant of variants)
      expect(canonicalAddress('BITCOIN_CASH', variant)).toBe(`bitcoincash:${CASH}`);
  });

  it('Bitcoin Cash: a bare testnet payload gets the prefix its checksum was made with', () => {
    const testnet = encodeCashAddr('bchtest', 0, new Uint8Array(20).fill(7));
    expect(canonicalAddress('BITCOIN_CASH', testnet.slice('bchtest:'.length))).toBe(testnet);
  });

  it('Bitcoin Cash legacy, Bitcoin/Litecoin/Dogecoin base58, Solana and Stellar: exact', () => {
    const exact: [string, string][] = [
      ['BITCOIN_CASH', '1MHYCkCffihnwm2rAen8kMoG47tBdMiYX5'],
      ['BITCOIN', '1D4prNBgbtMV4EPxKE8D6mXzTxLUXabvQv'],
      ['LITECOIN', 'LWYF8a3jVZtTLzowWGaL7Xxoe7S3x2u5uL'],
      ['DOGECOIN', 'DFt9S2cw25TS2JBcGnBDZ4RYi96m8rfrmh'],
      ['SOLANA', '7nwuiCcGFJQiBrRVbv57L5GZTrimDZF5sFBVwJNnPQbW'],
      ['STELLAR', 'GCM5WUPIGTJ243PL4IW6N6JDHMI54LGGPUACJUM7FVRNXGWDZ4HJQ4GC'],
    ];
    for (const [network, address] of exact) {
      expect(canonicalAddress(network, ` ${address} `)).toBe(address);
      expect(isSameAddress(network, address, address.toLowerCase())).toBe(false);
    }
  });

  it('bech32 (Bitcoin, Litecoin): lower case', () => {
    expect(canonicalAddress('BITCOIN', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    expect(canonicalAddress('LITECOIN', 'LTC1QYSTVF565XKVZPYZ88N0KWNKHMAE633CM07E7RW')).toBe(
      'ltc1qystvf565xkvzpyz88n0kwnkhmae633cm07e7rw',
    );
  });

  it('Sui: lower case', () => {
    const sui = '0x5426c50f9c771e8e9e7288c9b2d2ca7c7a6a455a9f6c47c5d482bfb99684471c';
    expect(canonicalAddress('SUI', sui.toUpperCase().replace('0X', '0x'))).toBe(sui);
  });

  it('an unknown network is only trimmed', () => {
    expect(canonicalAddress('APTOS', ' 0xAbC ')).toBe('0xAbC');
  });

  it('property: every spelling of an EVM address the validator accepts has one canonical form, distinct wallets never share it', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.constantFrom(...EVM_NETWORKS),
        (a, b, network) => {
          fc.pre(a.some((x) => x !== 0));
          const lower = `0x${bytesToHex(a)}`;
          const spellings = [lower, toChecksumAddress(lower), `0x${bytesToHex(a).toUpperCase()}`];
          for (const spelling of spellings) {
            expect(validateAddress(network, spelling, { allowTestnet: false }).valid).toBe(true);
            expect(canonicalAddress(network, spelling)).toBe(lower);
          }
          const other = `0x${bytesToHex(b)}`;
          expect(isSameAddress(network, lower, other)).toBe(bytesToHex(a) === bytesToHex(b));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: a CashAddr and its bare payload, in either case, are one address', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.boolean(), (hash, upper) => {
        const full = encodeCashAddr('bitcoincash', 0, hash);
        const bare = full.slice('bitcoincash:'.length);
        expect(canonicalAddress('BITCOIN_CASH', upper ? bare.toUpperCase() : bare)).toBe(full);
        expect(canonicalAddress('BITCOIN_CASH', upper ? full.toUpperCase() : full)).toBe(full);
      }),
      { numRuns: 200 },
    );
  });

  it('property: canonicalAddress is idempotent and ignores surrounding whitespace', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CRYPTO_NETWORKS),
        fc.string({ maxLength: 80 }),
        fc.constantFrom('', ' ', '\t', '\n '),
        (network, address, pad) => {
          const once = canonicalAddress(network, address);
          expect(canonicalAddress(network, once)).toBe(once);
          expect(canonicalAddress(network, `${pad}${address}${pad}`)).toBe(once);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('destinationKey and bookKey', () => {
  it('one key for two spellings of one wallet, the network first', () => {
    expect(destinationKey('ETHEREUM', EVM)).toBe(`ETHEREUM:${EVM.toLowerCase()}`);
    expect(destinationKey('BITCOIN_CASH', CASH)).toBe(
      destinationKey('BITCOIN_CASH', ` bitcoincash:${CASH.toUpperCase()} `),
    );
    expect(destinationKey('ETHEREUM', EVM)).not.toBe(destinationKey('POLYGON_POS', EVM));
  });

  it('the book key adds the identity, empty when none', () => {
    expect(bookKey('ETHEREUM', EVM)).toBe(`ETHEREUM:${EVM.toLowerCase()}:`);
    expect(bookKey('ETHEREUM', EVM, 'id-1')).toBe(`${destinationKey('ETHEREUM', EVM)}:id-1`);
    expect(bookKey('ETHEREUM', EVM, 'id-1')).not.toBe(bookKey('ETHEREUM', EVM));
  });
});
