import { describe, expect, it } from 'vitest';
import { CryptoNetworkFilterSchema, normalizeCryptoNetwork } from './crypto-network';
import { ListServiceAddressesQuerySchema } from './service-addresses';

// Issue 25, item 5: a network written by hand in a filter (a query, a URL) is read one way.
describe('normalizeCryptoNetwork', () => {
  it('reads a published network in any case and spacing as its published name', () => {
    expect(normalizeCryptoNetwork('ethereum')).toBe('ETHEREUM');
    expect(normalizeCryptoNetwork(' Solana ')).toBe('SOLANA');
    expect(normalizeCryptoNetwork('BITCOIN')).toBe('BITCOIN');
  });

  it('has no answer for anything else', () => {
    for (const value of ['', 'ethereum-2', 'ETH', 'toString', '__proto__'])
      expect(normalizeCryptoNetwork(value), value).toBeUndefined();
  });
});

describe('CryptoNetworkFilterSchema', () => {
  it('normalises a known network and refuses an unknown one by the field name', () => {
    expect(CryptoNetworkFilterSchema.parse('polygon_pos')).toBe('POLYGON_POS');
    const parsed = ListServiceAddressesQuerySchema.safeParse({ crypto_network: 'dogechain' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['crypto_network'],
      message: expect.stringContaining('crypto_network must be one of the published networks'),
    });
  });
});
