import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { decodeSegwitAddress, validateBitcoinAddress, validateLitecoinAddress } from './bitcoin';
import { validateAddress } from './index';

const mainnet = { allowTestnet: false };
const sandbox = { allowTestnet: true };

/** scriptPubKey of a decoded segwit address: OP_n, push length, program. */
function scriptPubKey(version: number, program: Uint8Array): string {
  const op = version === 0 ? 0 : 0x50 + version;
  return bytesToHex(Uint8Array.of(op, program.length, ...program));
}

describe('decodeSegwitAddress: BIP-350 segwit vectors', () => {
  // https://github.com/bitcoin/bips/blob/master/bip-0350.mediawiki#test-vectors-for-v0-v16-native-segregated-witness-addresses
  const valid: [string, string][] = [
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', '0014751e76e8199196d454941c45d1b3a323f1433bd6'],
    [
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      '00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262',
    ],
    [
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
      '5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6',
    ],
    ['BC1SW50QGDZ25J', '6002751e'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', '5210751e76e8199196d454941c45d1b3a323'],
    [
      'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
      '0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433',
    ],
    [
      'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
      '5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433',
    ],
    [
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      '512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
    ],
  ];
  it.each(valid)('decodes %s to scriptPubKey %s', (address, script) => {
    const decoded = decodeSegwitAddress(address);
    expect(decoded.ok).toBe(true);
    if (decoded.ok) expect(scriptPubKey(decoded.version, decoded.program)).toBe(script);
  });

  const invalid: [string, RegExp][] = [
    ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', /not a Bitcoin address/],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', /bech32m/],
    ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', /bech32m/],
    ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', /bech32m/],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', /not bech32m/],
    ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', /not bech32m/],
    ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', /"o"/],
    ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', /witness version 17/],
    ['bc1pw5dgrnzv', /1 bytes/],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', /41 bytes/],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', /20 or 32 bytes/],
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', /mixes upper and lower/],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', /padding/],
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', /padding/],
    ['bc1gmk9yu', /no witness version/],
  ];
  it.each(invalid)('rejects %s (%s)', (address, reason) => {
    // The hrp check belongs to the network validator, so invalid vectors go through it too.
    const decoded = decodeSegwitAddress(address);
    const result = validateBitcoinAddress(address, sandbox);
    expect(result.valid).toBe(false);
    if (!result.valid) expect(result.reason).toMatch(reason);
    if (address.startsWith('tc1')) expect(decoded.ok).toBe(true);
    else expect(decoded.ok).toBe(false);
  });
});

describe('decodeSegwitAddress: BIP-173 segwit vectors', () => {
  // https://github.com/bitcoin/bips/blob/master/bip-0173.mediawiki#test-vectors
  it('still accepts the version 0 addresses', () => {
    for (const address of [
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
    ])
      expect(decodeSegwitAddress(address).ok).toBe(true);
  });

  it('rejects its version 1+ addresses, which BIP-350 replaced with bech32m', () => {
    for (const address of [
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
      'BC1SW50QA3JX3S',
      'bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj',
    ]) {
      const decoded = decodeSegwitAddress(address);
      expect(decoded).toMatchObject({ ok: false, reason: expect.stringMatching(/BIP-350/) });
    }
  });

  const invalid: [string, RegExp][] = [
    ['tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty', /not a Bitcoin address/],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', /checksum mismatch/],
    ['BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2', /witness version 17/],
    ['bc1rw5uspcuh', /1 bytes/],
    ['bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90', /41 bytes/],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', /20 or 32 bytes/],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7', /mixes upper and lower/],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', /padding/],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv', /padding/],
    ['bc1gmk9yu', /no witness version/],
  ];
  it.each(invalid)('rejects %s', (address, reason) => {
    const result = validateBitcoinAddress(address, sandbox);
    expect(result).toMatchObject({ valid: false, reason: expect.stringMatching(reason) });
  });
});

describe('bech32 and bech32m checksum vectors (the library we rely on)', () => {
  it('accepts the BIP-173 bech32 strings and the BIP-350 bech32m strings, each under its own constant only', () => {
    const bech32Valid = [
      'A12UEL5L',
      'a12uel5l',
      'an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs',
      'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw',
      '11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j',
      'split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w',
      '?1ezyfcl',
    ];
    const bech32mValid = [
      'A1LQFN3A',
      'a1lqfn3a',
      'an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6',
      'abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx',
      '11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8',
      'split1checkupstagehandshakeupstreamerranterredcaperredlc445v',
      '?1v759aa',
    ];
    for (const s of bech32Valid) {
      expect(bech32.decodeUnsafe(s), s).toBeDefined();
      expect(bech32m.decodeUnsafe(s), s).toBeUndefined();
    }
    for (const s of bech32mValid) {
      expect(bech32m.decodeUnsafe(s), s).toBeDefined();
      expect(bech32.decodeUnsafe(s), s).toBeUndefined();
    }
  });

  it('rejects the invalid bech32 and bech32m strings', () => {
    for (const s of [
      ' 1nwldj5',
      '\x7f1axkwrx',
      '\x801eym55h',
      'an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx',
      'pzry9x0s0muk',
      '1pzry9x0s0muk',
      'x1b4n0q5v',
      'li1dgmt3',
      'de1lg7wt\xff',
      'A1G7SGD8',
      '10a06t8',
      '1qzzfhee',
    ])
      expect(bech32.decodeUnsafe(s), JSON.stringify(s)).toBeUndefined();
    for (const s of [
      ' 1xj0phk',
      '\x7f1g6xzxy',
      '\x801vctc34',
      'an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4',
      'qyrz8wqd2c9m',
      '1qyrz8wqd2c9m',
      'y1b0jsk6g',
      'lt1igcx5c0',
      'in1muywd',
      'mm1crxm3i',
      'au1s5cgom',
      'M1VUXWEZ',
      '16plkw9',
      '1p2gdwpf',
    ])
      expect(bech32m.decodeUnsafe(s), JSON.stringify(s)).toBeUndefined();
  });
});

describe('validateBitcoinAddress', () => {
  it('accepts the four mainnet forms and names them', () => {
    expect(validateBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', mainnet)).toEqual({
      valid: true,
      testnet: false,
      format: 'P2PKH',
    });
    expect(validateBitcoinAddress('3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC', mainnet)).toMatchObject({
      valid: true,
      format: 'P2SH',
    });
    expect(
      validateBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', mainnet),
    ).toMatchObject({ valid: true, format: 'SegWit P2WPKH' });
    expect(
      validateBitcoinAddress(
        'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
        mainnet,
      ),
    ).toMatchObject({ valid: true, format: 'Taproot P2TR' });
  });

  it('refuses future witness versions, which no recipient hands out today', () => {
    for (const address of [
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
      'BC1SW50QGDZ25J',
      'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
    ])
      expect(validateBitcoinAddress(address, mainnet)).toMatchObject({
        valid: false,
        reason: expect.stringMatching(/not in use on Bitcoin/),
      });
  });

  it('accepts testnet forms (tb1, m/n, 2) only where testnet is allowed', () => {
    for (const address of [
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
      'mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r',
      '2NByiBUaEXrhmqAsg7BbLpcQSAQs1EDwt5w',
    ]) {
      expect(validateBitcoinAddress(address, sandbox)).toMatchObject({
        valid: true,
        testnet: true,
      });
      expect(validateBitcoinAddress(address, mainnet)).toEqual({
        valid: false,
        reason: 'this is a testnet address; this environment accepts mainnet only',
      });
    }
  });

  it('names a typo in a base58 address as a checksum mismatch and a bad character as such', () => {
    expect(validateBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', mainnet)).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/checksum mismatch/),
    });
    expect(validateBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0', mainnet)).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/"0"/),
    });
  });

  it('validates any 20-byte hash in the P2PKH and P2SH forms and rejects a one-character change', () => {
    const check = createBase58check(sha256);
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.constantFrom(0x00, 0x05),
        fc.nat(),
        (hash, version, at) => {
          const address = check.encode(Uint8Array.of(version, ...hash));
          expect(validateBitcoinAddress(address, mainnet).valid).toBe(true);
          const i = at % address.length;
          const swapped = address[i] === 'z' ? 'y' : 'z';
          const typo = address.slice(0, i) + swapped + address.slice(i + 1);
          expect(validateBitcoinAddress(typo, mainnet).valid).toBe(false);
        },
      ),
    );
  });

  it('validates any taproot output key and any P2WPKH hash it is given in bech32(m)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (key) => {
        const address = bech32m.encode('bc', [1, ...bech32m.toWords(key)]);
        expect(validateBitcoinAddress(address, mainnet)).toMatchObject({ valid: true });
        // The same program under the old bech32 constant is the BIP-350 mistake.
        const wrong = bech32.encode('bc', [1, ...bech32.toWords(key)]);
        expect(validateBitcoinAddress(wrong, mainnet).valid).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (hash) => {
        const address = bech32.encode('bc', [0, ...bech32.toWords(hash)]);
        expect(validateBitcoinAddress(address, mainnet)).toMatchObject({ valid: true });
      }),
    );
  });
});

describe('validateLitecoinAddress', () => {
  it('accepts L…, M… and ltc1… and the testnet forms only where allowed', () => {
    const check = createBase58check(sha256);
    const hash = new Uint8Array(20).fill(7);
    const l = check.encode(Uint8Array.of(0x30, ...hash));
    const m = check.encode(Uint8Array.of(0x32, ...hash));
    const q = check.encode(Uint8Array.of(0x3a, ...hash));
    expect(l[0]).toBe('L');
    expect(m[0]).toBe('M');
    expect(q[0]).toBe('Q');
    expect(validateLitecoinAddress(l, mainnet)).toMatchObject({ valid: true, format: 'P2PKH' });
    expect(validateLitecoinAddress(m, mainnet)).toMatchObject({ valid: true, format: 'P2SH' });
    const segwit = bech32.encode('ltc', [0, ...bech32.toWords(hash)]);
    expect(validateLitecoinAddress(segwit, mainnet)).toMatchObject({ valid: true });
    const testSegwit = bech32.encode('tltc', [0, ...bech32.toWords(hash)]);
    for (const address of [q, testSegwit, 'mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r']) {
      expect(validateLitecoinAddress(address, sandbox)).toMatchObject({
        valid: true,
        testnet: true,
      });
      expect(validateLitecoinAddress(address, mainnet).valid).toBe(false);
    }
  });

  it('names a Bitcoin address typed for Litecoin, and the other way round', () => {
    for (const address of [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      '3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    ])
      expect(validateAddress('LITECOIN', address, mainnet)).toEqual({
        valid: false,
        reason: 'this is a Bitcoin address, but LITECOIN is selected',
      });
    expect(
      validateAddress('BITCOIN', 'ltc1qystvf565xkvzpyz88n0kwnkhmae633cm07e7rw', mainnet),
    ).toEqual({ valid: false, reason: 'this is a Litecoin address, but BITCOIN is selected' });
  });
});
