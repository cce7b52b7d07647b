import { describe, expect, it } from 'vitest';
import { CRYPTO_NETWORKS } from '#contract/crypto-network';
import { validateAddress } from '#contract/networks';
import { FAILING_ADDRESSES } from './magic-values';
import { SAMPLE_ADDRESSES } from './sample-addresses';
import { createSeed } from './seed';

// The documented addresses must pass the contract's validators, or the magic does not work.

const mainnet = { allowTestnet: false };

describe('documented addresses', () => {
  it.each(CRYPTO_NETWORKS.map((n) => [n, FAILING_ADDRESSES[n]] as const))(
    'the failing address of %s is a valid mainnet address there',
    (network, address) => {
      expect(validateAddress(network, address, mainnet)).toMatchObject({ valid: true });
    },
  );

  it('every seeded saved address is valid on its network', () => {
    for (const a of createSeed().addresses)
      expect(validateAddress(a.crypto_network, a.address, mainnet), a.id).toMatchObject({
        valid: true,
      });
  });

  it.each([
    ['bitcoinP2pkh', 'BITCOIN'],
    ['bitcoinP2sh', 'BITCOIN'],
    ['bitcoinSegwit', 'BITCOIN'],
    ['bitcoinTaproot', 'BITCOIN'],
    ['bitcoinSegwitB', 'BITCOIN'],
    ['litecoin', 'LITECOIN'],
    ['litecoinSegwit', 'LITECOIN'],
    ['bitcoinCash', 'BITCOIN_CASH'],
    ['bitcoinCashLegacy', 'BITCOIN_CASH'],
    ['evmA', 'ETHEREUM'],
    ['evmB', 'BASE'],
    ['evmC', 'POLYGON_POS'],
    ['solanaA', 'SOLANA'],
    ['solanaB', 'SOLANA'],
    ['stellarA', 'STELLAR'],
    ['stellarB', 'STELLAR'],
  ] as const)('sample %s is valid on %s', (name, network) => {
    expect(validateAddress(network, SAMPLE_ADDRESSES[name], mainnet)).toMatchObject({
      valid: true,
    });
  });

  it('the testnet sample is valid only where testnet forms are allowed', () => {
    expect(
      validateAddress('BITCOIN', SAMPLE_ADDRESSES.bitcoinTestnet, { allowTestnet: true }),
    ).toMatchObject({ valid: true, testnet: true });
    expect(validateAddress('BITCOIN', SAMPLE_ADDRESSES.bitcoinTestnet, mainnet)).toMatchObject({
      valid: false,
    });
  });
});
