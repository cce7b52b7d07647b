import type { AddressFamilyId } from './families';

// The one record per network. Every list the console keeps about networks derives from here:
// the request enum and its order (crypto-network.ts), the labels, the EVM networks, which
// validator, case rule and look-alike probe apply (through the family, families.ts), the
// explorer links and the memo networks (memo-required.ts). A new network on an existing family
// is one entry below (plus the local upstream's fixture rows: its fees in sandbox/state/pricing.ts).

export interface NetworkFacts {
  /** How the console names the network. */
  label: string;
  /** The address form: decides the validator, the case rule and the probe (families.ts). */
  family: AddressFamilyId;
  /**
   * A public explorer's transaction page, on mainnet (production) and on the test network the
   * real sandbox settles on. The hash is appended, or replaces `{hash}`. `null`: none we can name
   * with confidence, so the hash shows without a link (a decision, never an omission).
   */
  explorers: { main: string | null; test: string | null };
  /**
   * Exchanges and custodians credit deposits on this network by memo (docs/upstream-contract.md,
   * "Memos"): the known shared exchange deposit addresses. Absent: no memo rule.
   */
  memo?: { exchangeDepositAddresses: readonly string[] };
}

/** The service's sixteen networks (docs/upstream-contract.md), in the order the console lists them. */
export const NETWORK_REGISTRY = {
  BITCOIN: {
    label: 'Bitcoin',
    family: 'bitcoin',
    explorers: { main: 'https://mempool.space/tx/', test: 'https://mempool.space/testnet4/tx/' },
  },
  ETHEREUM: {
    label: 'Ethereum',
    family: 'evm',
    explorers: { main: 'https://etherscan.io/tx/', test: 'https://sepolia.etherscan.io/tx/' },
  },
  BITCOIN_CASH: {
    label: 'Bitcoin Cash',
    family: 'bitcoin-cash',
    explorers: { main: 'https://blockchair.com/bitcoin-cash/transaction/', test: null },
  },
  LITECOIN: {
    label: 'Litecoin',
    family: 'litecoin',
    explorers: {
      main: 'https://litecoinspace.org/tx/',
      test: 'https://litecoinspace.org/testnet/tx/',
    },
  },
  SOLANA: {
    label: 'Solana',
    family: 'solana',
    explorers: {
      main: 'https://explorer.solana.com/tx/',
      // The cluster goes after the hash.
      test: 'https://explorer.solana.com/tx/{hash}?cluster=devnet',
    },
  },
  POLYGON_POS: {
    label: 'Polygon PoS',
    family: 'evm',
    explorers: { main: 'https://polygonscan.com/tx/', test: 'https://amoy.polygonscan.com/tx/' },
  },
  BASE: {
    label: 'Base',
    family: 'evm',
    explorers: { main: 'https://basescan.org/tx/', test: 'https://sepolia.basescan.org/tx/' },
  },
  ARBITRUM_ONE: {
    label: 'Arbitrum One',
    family: 'evm',
    explorers: { main: 'https://arbiscan.io/tx/', test: 'https://sepolia.arbiscan.io/tx/' },
  },
  STELLAR: {
    label: 'Stellar',
    family: 'stellar',
    explorers: {
      main: 'https://stellar.expert/explorer/public/tx/',
      test: 'https://stellar.expert/explorer/testnet/tx/',
    },
    // The local upstream documents this one (sandbox/README.md).
    memo: {
      exchangeDepositAddresses: ['GCHXEO66VNRZTBFPCWG56LTZ56BCTQNSEEX64JQEAWYNWZXZS5P65L5G'],
    },
  },
  INK: {
    label: 'Ink',
    family: 'evm',
    explorers: {
      main: 'https://explorer.inkonchain.com/tx/',
      test: 'https://explorer-sepolia.inkonchain.com/tx/',
    },
  },
  XLAYER: {
    label: 'X Layer',
    family: 'evm',
    explorers: {
      main: 'https://www.oklink.com/xlayer/tx/',
      test: 'https://www.oklink.com/xlayer-test/tx/',
    },
  },
  AVALANCHE: {
    label: 'Avalanche C-Chain',
    family: 'evm',
    explorers: { main: 'https://snowtrace.io/tx/', test: 'https://testnet.snowtrace.io/tx/' },
  },
  BNB: {
    label: 'BNB Smart Chain',
    family: 'evm',
    explorers: { main: 'https://bscscan.com/tx/', test: 'https://testnet.bscscan.com/tx/' },
  },
  ROBINHOOD: {
    label: 'Robinhood Chain',
    family: 'evm',
    // No public explorer we could name with confidence yet.
    explorers: { main: null, test: null },
  },
  DOGECOIN: {
    label: 'Dogecoin',
    family: 'dogecoin',
    explorers: { main: 'https://blockchair.com/dogecoin/transaction/', test: null },
  },
  SUI: {
    label: 'Sui',
    family: 'sui',
    explorers: { main: 'https://suiscan.xyz/mainnet/tx/', test: 'https://suiscan.xyz/testnet/tx/' },
  },
} satisfies Record<string, NetworkFacts>;

/** A network's facts, or undefined for a value the console does not know (one the service added later). */
export function networkFacts(network: string): NetworkFacts | undefined {
  // Object.hasOwn: "toString" and friends are not networks.
  return Object.hasOwn(NETWORK_REGISTRY, network)
    ? (NETWORK_REGISTRY as Record<string, NetworkFacts>)[network]
    : undefined;
}
