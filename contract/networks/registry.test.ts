import { describe, expect, it } from 'vitest';
import {
  CRYPTO_NETWORK_LABELS,
  CRYPTO_NETWORKS,
  CryptoNetworkSchema,
  EVM_NETWORKS,
  isEvmNetwork,
  isKnownCryptoNetwork,
} from '../crypto-network';
import { isMemoNetwork, MEMO_NETWORKS, MEMO_REQUIRED_ADDRESSES } from '../memo-required';
import { canonicalAddress, isSameAddress } from './canonical-address';
import { ADDRESS_FAMILIES, ADDRESS_FAMILY_IDS } from './families';
import { validateAddress } from './index';
import { NETWORK_REGISTRY, networkFacts } from './registry';

// Every list about networks is derived from the registry: these checks say that each derived
// list agrees with it, so a network added there gets every rule (above all the EVM case rule:
// an EVM network missing from a second "is EVM" list once made its address matching
// case-sensitive).

const mainnet = { allowTestnet: false };
const ENTRIES = Object.keys(NETWORK_REGISTRY).map((network) => ({
  network: network as keyof typeof NETWORK_REGISTRY,
  facts: networkFacts(network)!,
}));
const EVM_ADDRESS = '0x3A8e9b7c8d340626315788B48060469dFd080775';

describe('the network registry', () => {
  it('is the request enum, in its order', () => {
    expect([...CRYPTO_NETWORKS]).toEqual(Object.keys(NETWORK_REGISTRY));
    expect(CryptoNetworkSchema.options).toEqual([...CRYPTO_NETWORKS]);
    for (const { network } of ENTRIES) expect(isKnownCryptoNetwork(network)).toBe(true);
    for (const other of ['APTOS', 'toString', 'constructor', '__proto__', ''])
      expect(isKnownCryptoNetwork(other), other).toBe(false);
  });

  it('gives every network a label of its own, and the labels are the registry’s', () => {
    for (const { network, facts } of ENTRIES) {
      expect(facts.label.trim(), network).not.toBe('');
      expect(CRYPTO_NETWORK_LABELS[network]).toBe(facts.label);
    }
    expect(Object.keys(CRYPTO_NETWORK_LABELS)).toEqual([...CRYPTO_NETWORKS]);
    expect(new Set(ENTRIES.map((e) => e.facts.label)).size).toBe(ENTRIES.length);
  });

  it('names a known family for every network, and every family is used', () => {
    for (const { network, facts } of ENTRIES)
      expect(ADDRESS_FAMILY_IDS, network).toContain(facts.family);
    expect(new Set(ENTRIES.map((e) => e.facts.family))).toEqual(new Set(ADDRESS_FAMILY_IDS));
  });

  it('is the one "is EVM" list: EVM_NETWORKS and isEvmNetwork are the evm family', () => {
    const evmFamily = ENTRIES.filter((e) => e.facts.family === 'evm').map((e) => e.network);
    expect(EVM_NETWORKS).toEqual(evmFamily);
    for (const { network } of ENTRIES)
      expect(isEvmNetwork(network), network).toBe(evmFamily.includes(network));
    expect(isEvmNetwork('toString')).toBe(false);
  });

  it('every EVM network validates 0x addresses and matches them case-insensitively', () => {
    for (const network of EVM_NETWORKS) {
      expect(validateAddress(network, EVM_ADDRESS, mainnet), network).toMatchObject({
        valid: true,
      });
      expect(isSameAddress(network, EVM_ADDRESS, EVM_ADDRESS.toLowerCase()), network).toBe(true);
      expect(canonicalAddress(network, EVM_ADDRESS), network).toBe(EVM_ADDRESS.toLowerCase());
    }
  });

  it('every network follows its family’s validator and case rule, and no other', () => {
    const spellings = [EVM_ADDRESS, 'bc1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'DFt9S2cw25TS'];
    for (const { network, facts } of ENTRIES) {
      const family = ADDRESS_FAMILIES[facts.family];
      for (const spelling of spellings) {
        expect(canonicalAddress(network, ` ${spelling} `), network).toBe(family.identity(spelling));
        expect(validateAddress(network, spelling, mainnet), network).toMatchObject(
          family.validate(spelling, mainnet).valid ? { valid: true } : { valid: false },
        );
      }
    }
  });

  it('names an address of every other family when it is pasted on a network', () => {
    for (const { network, facts } of ENTRIES) {
      const result = validateAddress(network, EVM_ADDRESS, mainnet);
      if (facts.family === 'evm') expect(result.valid).toBe(true);
      else
        expect(result, network).toMatchObject({
          valid: false,
          reason: `this is ${ADDRESS_FAMILIES.evm.probeName} address, but ${network} is selected`,
        });
    }
  });

  it('decides the explorers of every network: https pages, or null (none we can name)', () => {
    for (const { network, facts } of ENTRIES)
      for (const page of [facts.explorers.main, facts.explorers.test]) {
        expect(page, network).not.toBeUndefined();
        if (page !== null) expect(page, network).toMatch(/^https:\/\/[^/]+\/.*(\/|\{hash\}.*)$/);
      }
    // A test-network page without a mainnet one would link the sandbox but never production.
    for (const { network, facts } of ENTRIES)
      if (facts.explorers.test !== null) expect(facts.explorers.main, network).not.toBeNull();
  });

  it('is where the memo networks and their known exchange addresses come from', () => {
    const memo = ENTRIES.filter((e) => e.facts.memo !== undefined);
    expect([...MEMO_NETWORKS]).toEqual(memo.map((e) => e.network));
    for (const { network, facts } of ENTRIES) {
      expect(isMemoNetwork(network), network).toBe(facts.memo !== undefined);
      expect(MEMO_REQUIRED_ADDRESSES[network]).toEqual(facts.memo?.exchangeDepositAddresses);
      for (const address of facts.memo?.exchangeDepositAddresses ?? [])
        expect(validateAddress(network, address, mainnet), address).toMatchObject({ valid: true });
    }
  });
});

// The console's source (not tests, not the local upstream's fixtures) names no network: every
// fact about one is read from the registry, so a new network is one entry there. (Vite's glob
// reads the files: contract/ takes no Node APIs, even in tests.)
const CONSOLE_SOURCES: Record<string, string> = import.meta.glob(
  [
    '/contract/**/*.ts',
    '/bff/src/**/*.ts',
    '/web/src/**/*.{ts,tsx}',
    '!**/*.test.{ts,tsx}',
    '!**/testing/**',
  ],
  { query: '?raw', import: 'default', eager: true },
);

describe('no second network list in the console', () => {
  it('holds: no source file spells a network name in quotes', () => {
    const quoted = new RegExp(`['"\`](${CRYPTO_NETWORKS.join('|')})['"\`]`);
    expect(Object.keys(CONSOLE_SOURCES).length).toBeGreaterThan(100);
    const offenders = Object.entries(CONSOLE_SOURCES)
      .filter(([, text]) => quoted.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
