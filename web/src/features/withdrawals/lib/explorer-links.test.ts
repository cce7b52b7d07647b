import { describe, expect, it } from 'vitest';
import { CRYPTO_NETWORKS } from '#contract/crypto-network';
import { explorerUrl } from './explorer-links';

const EVM_HASH = `0x${'ab'.repeat(32)}`;
const HEX_HASH = 'cd'.repeat(32);

describe('explorerUrl', () => {
  it('links a hash to its mainnet explorer in production, on every network that has a known one', () => {
    const without: string[] = [];
    for (const network of CRYPTO_NETWORKS) {
      const url = explorerUrl(network, HEX_HASH, true);
      if (url === undefined) without.push(network);
      else expect(url, network).toMatch(new RegExp(`^https://[^/]+/.*${HEX_HASH}`));
    }
    // No public explorer we could name with confidence yet: the hash still shows, copyable.
    expect(without).toEqual(['ROBINHOOD']);
    expect(explorerUrl('ETHEREUM', EVM_HASH, true)).toBe(`https://etherscan.io/tx/${EVM_HASH}`);
  });

  it('links to the test network outside production, and not at all where none is known', () => {
    expect(explorerUrl('ETHEREUM', EVM_HASH, false)).toBe(
      `https://sepolia.etherscan.io/tx/${EVM_HASH}`,
    );
    // The cluster goes after the hash, not before it.
    expect(explorerUrl('SOLANA', HEX_HASH, false)).toBe(
      `https://explorer.solana.com/tx/${HEX_HASH}?cluster=devnet`,
    );
    expect(explorerUrl('DOGECOIN', HEX_HASH, false)).toBeUndefined();
  });

  it('gives no link for an unknown network, a missing one, or a hash that is not a plain hash', () => {
    expect(explorerUrl('APTOS', HEX_HASH, true)).toBeUndefined();
    expect(explorerUrl(undefined, HEX_HASH, true)).toBeUndefined();
    expect(explorerUrl('toString', HEX_HASH, true)).toBeUndefined();
    for (const hash of [
      'short',
      `${HEX_HASH}/../../evil`,
      `${HEX_HASH}?x=1`,
      'javascript:alert(1)',
    ])
      expect(explorerUrl('ETHEREUM', hash, true), hash).toBeUndefined();
  });
});
