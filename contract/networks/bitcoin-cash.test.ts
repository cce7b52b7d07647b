import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hexToBytes } from '@noble/hashes/utils.js';
import { decodeBase58Check } from './base58check';
import { decodeCashAddr, encodeCashAddr, validateBitcoinCashAddress } from './bitcoin-cash';
import { validateAddress } from './index';

const mainnet = { allowTestnet: false };
const sandbox = { allowTestnet: true };

// https://reference.cash/protocol/blockchain/encoding/cashaddr (spec/cashaddr.md), test vectors.
const TRANSLATIONS: [string, string][] = [
  ['1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'],
  ['1KXrWXciRDZUpQwQmuM1DbwsKDLYAYsVLR', 'bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy'],
  ['16w1D5WRVKJuZUsSRzdLp9w3YGcgoxDXb', 'bitcoincash:qqq3728yw0y47sqn6l2na30mcw6zm78dzqre909m2r'],
  ['3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC', 'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq'],
  ['3LDsS579y7sruadqu11beEJoTjdFiFCdX4', 'bitcoincash:pr95sy3j9xwd2ap32xkykttr4cvcu7as4yc93ky28e'],
  ['31nwvkZwyPdgzjBJZXfDmSWsC4ZLKpYyUw', 'bitcoincash:pqq3728yw0y47sqn6l2na30mcw6zm78dzq5ucqzc37'],
];

const LARGER: [number, string, string][] = [
  [
    0,
    'bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2',
    'F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9',
  ],
  [
    1,
    'bchtest:pr6m7j9njldwwzlg9v7v53unlr4jkmx6eyvwc0uz5t',
    'F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9',
  ],
  [
    1,
    'pref:pr6m7j9njldwwzlg9v7v53unlr4jkmx6ey65nvtks5',
    'F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9',
  ],
  [
    0,
    'bitcoincash:q9adhakpwzztepkpwp5z0dq62m6u5v5xtyj7j3h2ws4mr9g0',
    '7ADBF6C17084BC86C1706827B41A56F5CA32865925E946EA',
  ],
  [
    1,
    'bchtest:pvch8mmxy0rtfrlarg7ucrxxfzds5pamg73h7370aa87d80gyhqxq7fqng6m6',
    '3173EF6623C6B48FFD1A3DCC0CC6489B0A07BB47A37F47CFEF4FE69DE825C060',
  ],
  [
    0,
    'bitcoincash:qlg0x333p4238k0qrc5ej7rzfw5g8e4a4r6vvzyrcy8j3s5k0en7calvclhw46hudk5flttj6ydvjc0pv3nchp52amk97tqa5zygg96mtky5sv5w',
    'D0F346310D5513D9E01E299978624BA883E6BDA8F4C60883C10F28C2967E67EC77ECC7EEEAEAFC6DA89FAD72D11AC961E164678B868AEEEC5F2C1DA08884175B',
  ],
];

describe('CashAddr encoding (spec vectors)', () => {
  it.each(TRANSLATIONS)('%s translates to %s', (legacy, cashaddr) => {
    const decoded = decodeBase58Check(legacy, 20);
    if (!decoded.ok) throw new Error(decoded.reason);
    const type = decoded.version === 0x00 ? 0 : 1;
    expect(encodeCashAddr('bitcoincash', type, decoded.payload)).toBe(cashaddr);
    expect(decodeCashAddr(cashaddr)).toMatchObject({ ok: true, type, hash: decoded.payload });
  });

  it.each(LARGER)('type %i: %s', (type, address, hex) => {
    const hash = hexToBytes(hex.toLowerCase());
    const prefix = address.slice(0, address.indexOf(':'));
    expect(encodeCashAddr(prefix, type, hash)).toBe(address);
    expect(decodeCashAddr(address)).toMatchObject({ ok: true, prefix, type, hash });
  });

  it('round-trips any hash of a defined size and catches any single substitution', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(20, 24, 28, 32, 40, 48, 56, 64)
          .chain((n) => fc.uint8Array({ minLength: n, maxLength: n })),
        fc.integer({ min: 0, max: 1 }),
        fc.nat(),
        fc.integer({ min: 1, max: 31 }),
        (hash, type, at, delta) => {
          const address = encodeCashAddr('bitcoincash', type, hash);
          expect(decodeCashAddr(address)).toMatchObject({ ok: true, type, hash });
          const body = address.slice('bitcoincash:'.length);
          const i = at % body.length;
          const alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
          const changed = alphabet[(alphabet.indexOf(body[i] as string) + delta) % 32];
          const typo = `bitcoincash:${body.slice(0, i)}${changed}${body.slice(i + 1)}`;
          expect(decodeCashAddr(typo).ok).toBe(false);
        },
      ),
    );
  });
});

describe('validateBitcoinCashAddress', () => {
  it.each(TRANSLATIONS)(
    'accepts %s, %s, and the CashAddr without its prefix',
    (legacy, cashaddr) => {
      expect(validateBitcoinCashAddress(legacy, mainnet)).toMatchObject({
        valid: true,
        format: expect.stringMatching(/^legacy P2(PKH|SH)$/),
      });
      expect(validateBitcoinCashAddress(cashaddr, mainnet)).toMatchObject({
        valid: true,
        testnet: false,
        format: expect.stringMatching(/^CashAddr P2(PKH|SH)$/),
      });
      const bare = cashaddr.slice('bitcoincash:'.length);
      expect(validateBitcoinCashAddress(bare, mainnet)).toMatchObject({ valid: true });
      expect(validateBitcoinCashAddress(cashaddr.toUpperCase(), mainnet)).toMatchObject({
        valid: true,
      });
      expect(validateBitcoinCashAddress(bare.toUpperCase(), mainnet)).toMatchObject({
        valid: true,
      });
    },
  );

  it('rejects mixed case, a typo, a foreign prefix and the double prefix', () => {
    const good = 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';
    expect(
      validateBitcoinCashAddress('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6A', mainnet),
    ).toMatchObject({ valid: false, reason: expect.stringMatching(/mixes upper and lower/) });
    expect(validateBitcoinCashAddress(good.replace('qpm2', 'qpm3'), mainnet)).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/checksum mismatch/),
    });
    expect(
      validateBitcoinCashAddress('pref:pr6m7j9njldwwzlg9v7v53unlr4jkmx6ey65nvtks5', mainnet),
    ).toMatchObject({ valid: false, reason: expect.stringMatching(/not a Bitcoin Cash prefix/) });
    expect(validateBitcoinCashAddress(`bitcoincash:${good}`, mainnet).valid).toBe(false);
  });

  it('accepts the testnet prefix, with or without it, only where testnet is allowed', () => {
    const testnet = 'bchtest:pr6m7j9njldwwzlg9v7v53unlr4jkmx6eyvwc0uz5t';
    for (const address of [testnet, testnet.slice('bchtest:'.length)]) {
      expect(validateBitcoinCashAddress(address, sandbox)).toMatchObject({
        valid: true,
        testnet: true,
      });
      expect(validateBitcoinCashAddress(address, mainnet)).toEqual({
        valid: false,
        reason: 'this is a testnet address; this environment accepts mainnet only',
      });
    }
  });

  it('accepts P2SH32 and token-aware forms, refuses types and sizes nobody sends to', () => {
    const h32 = new Uint8Array(32).fill(9);
    const h20 = new Uint8Array(20).fill(9);
    expect(
      validateBitcoinCashAddress(encodeCashAddr('bitcoincash', 1, h32), mainnet),
    ).toMatchObject({ valid: true, format: 'CashAddr P2SH32' });
    expect(
      validateBitcoinCashAddress(encodeCashAddr('bitcoincash', 2, h20), mainnet),
    ).toMatchObject({ valid: true, format: 'CashAddr P2PKH, token-aware' });
    expect(validateBitcoinCashAddress(encodeCashAddr('bitcoincash', 0, h32), mainnet).valid).toBe(
      false,
    );
    expect(validateBitcoinCashAddress(encodeCashAddr('bitcoincash', 15, h20), mainnet).valid).toBe(
      false,
    );
  });

  it('names the cross-network confusions', () => {
    expect(
      validateAddress('BITCOIN', 'bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy', mainnet),
    ).toEqual({ valid: false, reason: 'this is a Bitcoin Cash address, but BITCOIN is selected' });
    expect(
      validateAddress('BITCOIN_CASH', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', mainnet),
    ).toEqual({ valid: false, reason: 'this is a Bitcoin address, but BITCOIN_CASH is selected' });
  });
});
