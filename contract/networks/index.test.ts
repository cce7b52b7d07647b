import { describe, expect, it } from 'vitest';
import { CRYPTO_NETWORKS, EVM_NETWORKS, type CryptoNetwork } from '../crypto-network';
import type { AddressFamilyId } from './families';
import { validateAddress } from './index';
import { NETWORK_REGISTRY } from './registry';

const mainnet = { allowTestnet: false };

// One valid mainnet address per address family (every network of a family takes the same
// form), used to check the dispatch and the confusion matrix on every network.
const SAMPLE_OF_FAMILY = {
  bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  litecoin: 'ltc1qystvf565xkvzpyz88n0kwnkhmae633cm07e7rw',
  'bitcoin-cash': 'bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy',
  evm: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  solana: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  stellar: 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ',
  dogecoin: 'DFt9S2cw25TS2JBcGnBDZ4RYi96m8rfrmh',
  sui: '0x5426c50f9c771e8e9e7288c9b2d2ca7c7a6a455a9f6c47c5d482bfb99684471c',
} as const satisfies Record<AddressFamilyId, string>;
const SAMPLE = Object.fromEntries(
  CRYPTO_NETWORKS.map((n) => [n, SAMPLE_OF_FAMILY[NETWORK_REGISTRY[n].family]]),
) as Record<CryptoNetwork, string>;

const EVM = new Set<string>(EVM_NETWORKS);

describe('validateAddress', () => {
  it('knows the service’s sixteen networks', () => {
    expect(CRYPTO_NETWORKS).toHaveLength(16);
  });

  it.each(CRYPTO_NETWORKS)('accepts a %s address on its network', (network) => {
    expect(validateAddress(network, SAMPLE[network], mainnet).valid).toBe(true);
  });

  it('rejects every sample on every network of another family, naming the sample’s network', () => {
    for (const selected of CRYPTO_NETWORKS)
      for (const owner of CRYPTO_NETWORKS) {
        if (selected === owner || (EVM.has(selected) && EVM.has(owner))) continue;
        const result = validateAddress(selected, SAMPLE[owner], mainnet);
        expect(result, `${owner} address on ${selected}`).toMatchObject({
          valid: false,
          reason: expect.stringMatching(
            new RegExp(`^this is an? .* address, but ${selected} is selected$`),
          ),
        });
      }
  });

  it('says what is wrong with empty and padded input', () => {
    expect(validateAddress('BITCOIN', '', mainnet)).toEqual({
      valid: false,
      reason: 'enter the address',
    });
    expect(validateAddress('BITCOIN', `${SAMPLE.BITCOIN} x`, mainnet)).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/spaces/),
    });
  });

  it('names a testnet address of another network with the word testnet', () => {
    expect(
      validateAddress(
        'LITECOIN',
        'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
        {
          allowTestnet: true,
        },
      ),
    ).toEqual({
      valid: false,
      reason: 'this is a Bitcoin testnet address, but LITECOIN is selected',
    });
  });

  it('keeps the network’s own reason when the address fits no other network', () => {
    expect(
      validateAddress('ETHEREUM', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', mainnet),
    ).toEqual({
      valid: false,
      reason: 'EIP-55 checksum mismatch: a character or its case is wrong',
    });
  });
});

describe('validateAddress: input hygiene', () => {
  it('names a look-alike or invisible character by its code point', () => {
    // Cyrillic "а" (U+0430) in place of the Latin "a"
    expect(
      validateAddress('ETHEREUM', '0x5\u0430Aeb6053F3E94C9b9A09f33669435E7Ef1BeAed', mainnet),
    ).toMatchObject({ valid: false, reason: expect.stringMatching(/U\+0430/) });
    expect(
      validateAddress('SOLANA', '\u200bEPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', mainnet),
    ).toMatchObject({ valid: false, reason: expect.stringMatching(/U\+200B/) });
  });

  it('refuses absurdly long input before decoding it', () => {
    // This reason comes only from the length check ahead of any decoding (no timing here: speed is
    // the benchmarks' business, and a busy machine would make a timed test flaky).
    const result = validateAddress('SOLANA', '2'.repeat(100_000), mainnet);
    expect(result).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/too long for an address \(100000 characters\)/),
    });
  });
});

describe('validateAddress: testnet refusal', () => {
  it('refuses a testnet form of the selected network as testnet, not as another network', () => {
    // m…/n… are shared by the Bitcoin and Litecoin testnets.
    for (const network of ['BITCOIN', 'LITECOIN'] as const)
      expect(validateAddress(network, 'mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r', mainnet)).toEqual({
        valid: false,
        reason: 'this is a testnet address; this environment accepts mainnet only',
      });
  });
});
