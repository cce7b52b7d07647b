import type { Statement } from '#contract/statements';
import type { TravelRuleMetadata } from '#contract/destination-addresses';
import type { CryptoNetwork } from '#contract/crypto-network';
import { SeededRandom } from './seeded-random';
import { SAMPLE_ADDRESSES } from './sample-addresses';
import { REJECTED_PROFILE_ID } from './magic-values';
import type { StatementPayment } from '#contract/statement-payments';
import { paymentsFor } from './seed-payments';
import { dailyPeriods, monthlyPeriods, statementsFor, type CustomerPlan } from './seed-statements';

// The deterministic seed: the same ids, amounts and dates on every start (README.md lists them).
// Nothing here reads the clock: all dates are fixed, so paging tests see the same data always.

export const SEED_IDS = {
  /** The customer of the public API reference's examples. */
  exampleCustomer: 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a',
  multiAssetCustomer: 'a1f5e0b2-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
  newCustomer: 'e3d2c1b0-a9f8-4e7d-8c6b-5a4f3e2d1c0b',
  /** 1,200 daily statements: paging and benchmarks. */
  largeCustomer: 'b16b16b1-6b16-4b16-8b16-b16b16b16b16',
  /** The profile of the public API reference's examples: large balances in every asset. */
  exampleProfile: 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
  /** Tiny balances: Insufficient Funds. */
  smallProfile: '5a11ba1e-0000-4000-8000-000000000001',
  multiAssetProfile: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  /** Moderate balances, some committed to orders (`trading`). */
  marketMakingProfile: '3e7a9c1b-2d4f-4a6b-8c0d-e1f2a3b4c5d6',
  /** Its nickname contains another's ("Treasury"): the filter matches parts, a lookup by name must not. */
  treasuryReserveProfile: '6b8d0f2a-4c6e-4a8b-9d0f-1a3c5e7a9b1d',
  rejectedProfile: REJECTED_PROFILE_ID,
  /** Identities used by the seeded addresses (third-party flows). */
  identityAlice: '0d9c2b1e-7f6a-4c3b-9e8d-1a2b3c4d5e6f',
  identityBob: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
} as const;

export interface SeedProfile {
  id: string;
  customer_id: string;
  account_id: string;
  /** What GET /v2/profiles publishes: the name operators choose it by, and its kind. */
  nickname: string;
  type: 'NORMAL' | 'DEFAULT';
  description?: string;
  /** Not published; orders and filters the list (created_at.* and order). */
  created_at: string;
  /** Opening balance per asset (decimal strings): what new withdrawals may use. */
  balances: Readonly<Record<string, string>>;
  /** Committed to pending orders per asset (the balances' `trading`; 0 when absent). */
  trading?: Readonly<Record<string, string>>;
}

export interface SeedAddress {
  id: string;
  crypto_network: CryptoNetwork;
  address: string;
  identity_id?: string;
  nickname: string;
  bookmarked: boolean;
  created_at: string;
  travelrule_metadata?: TravelRuleMetadata;
}

interface SeedData {
  statements: Statement[];
  profiles: SeedProfile[];
  addresses: SeedAddress[];
  payments: StatementPayment[];
}

const PERSON_ALICE: TravelRuleMetadata = {
  beneficiary: {
    person_details: {
      first_name: 'Alice',
      last_name: 'Example',
      physical_address: {
        country: 'USA',
        address1: '1 Main Street',
        city: 'Springfield',
        province: 'IL',
        zip_code: '62701',
      },
    },
  },
  vasp: { id: 'vasp-coinbase', name: 'Coinbase' },
  custodian_type: 'VASP',
};

// Saved before the service published its schema, in the older documentation's field names: the
// console reads it for display (marked as the old format) and never sends these names.
const TREASURY: TravelRuleMetadata = {
  beneficiary: {
    institution_details: {
      name: 'Example Treasury LLC',
      physical_address: {
        street_line_1: '200 Harbor Way',
        city: 'New York',
        region: 'NY',
        country_code: 'US',
      },
    },
  },
  vasp: { id: 'vasp-anchorage', name: 'Anchorage Digital' },
  custodian_type: 'VASP',
};

/** Each customer's statements, in the order they draw on the seed's random sequence. */
function customerPlans(): CustomerPlan[] {
  return [
    {
      customerId: SEED_IDS.exampleCustomer,
      periods: monthlyPeriods(2024, 1, 34),
      assets: ['USDG'],
      product: 'USDG_REWARDS',
      type: 'STATEMENT_TYPE_USDG_REWARD',
      range: [40, 9_000],
      correctionEvery: 11,
      unspecifiedAt: 20,
    },
    {
      customerId: SEED_IDS.multiAssetCustomer,
      periods: monthlyPeriods(2023, 6, 41),
      assets: ['USDG', 'PYUSD', 'USDC'],
      product: 'USDG_REWARDS',
      type: 'STATEMENT_TYPE_USDG_REWARD',
      range: [500, 60_000],
      correctionEvery: 13,
      unspecifiedAt: 30,
    },
    {
      customerId: SEED_IDS.newCustomer,
      periods: monthlyPeriods(2024, 10, 25),
      // A product and type the contract does not list yet: enumerations grow.
      assets: ['PYUSD'],
      product: 'PYUSD_REWARDS',
      type: 'STATEMENT_TYPE_PYUSD_REWARD',
      range: [1, 400],
      correctionEvery: 9,
      unspecifiedAt: 12,
    },
    {
      customerId: SEED_IDS.largeCustomer,
      periods: dailyPeriods(Date.UTC(2023, 6, 1), 1_200),
      assets: ['USDG', 'USDC'],
      product: 'USDG_REWARDS',
      type: 'STATEMENT_TYPE_USDG_REWARD',
      range: [10, 2_500],
      correctionEvery: 37,
      unspecifiedAt: 100,
    },
  ];
}

/** The example Treasury holds every asset the console lists, so each network can be tried. */
// Copied into each seed: a sandbox spends from its own balances.
const TREASURY_BALANCES = {
  BTC: '12.5',
  ETH: '250',
  LTC: '1500',
  BCH: '800',
  SOL: '20000',
  XLM: '5000000',
  AVAX: '10000',
  BNB: '500',
  DOGE: '5000000',
  SUI: '200000',
  USDG: '2500000',
  PYUSD: '1000000',
  USDC: '1000000',
};

/** The profiles that may withdraw, with their opening balances. */
function seedProfiles(): SeedProfile[] {
  return [
    {
      id: SEED_IDS.exampleProfile,
      customer_id: SEED_IDS.exampleCustomer,
      account_id: 'f3c1d2e4-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      nickname: 'Treasury',
      type: 'DEFAULT',
      description: 'Main operating funds',
      created_at: '2023-01-09T09:00:00.000Z',
      balances: { ...TREASURY_BALANCES },
    },
    {
      id: SEED_IDS.smallProfile,
      customer_id: SEED_IDS.newCustomer,
      account_id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
      nickname: 'Petty cash',
      type: 'NORMAL',
      created_at: '2025-04-22T12:30:00.000Z',
      balances: {
        BTC: '0.0005',
        ETH: '0.01',
        SOL: '0.5',
        XLM: '20',
        USDG: '25.00',
        USDC: '10',
        PYUSD: '3.50',
      },
    },
    {
      id: SEED_IDS.multiAssetProfile,
      customer_id: SEED_IDS.multiAssetCustomer,
      account_id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
      nickname: 'Rewards payouts',
      type: 'NORMAL',
      description: 'Stablecoin rewards paid to customers',
      created_at: '2023-06-01T08:00:00.000Z',
      balances: { BTC: '1.25', ETH: '40', USDG: '150000', PYUSD: '50000', USDC: '75000' },
    },
    {
      id: SEED_IDS.marketMakingProfile,
      customer_id: SEED_IDS.multiAssetCustomer,
      account_id: '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b',
      nickname: 'Market making',
      type: 'NORMAL',
      created_at: '2026-02-16T15:00:00.000Z',
      balances: { BTC: '3.5', ETH: '120', LTC: '900', SOL: '4000', USDC: '250000' },
      trading: { BTC: '1.5', ETH: '30', USDC: '50000' },
    },
    {
      id: SEED_IDS.treasuryReserveProfile,
      customer_id: SEED_IDS.exampleCustomer,
      account_id: '5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c',
      nickname: 'Treasury reserve',
      type: 'NORMAL',
      created_at: '2025-10-01T09:00:00.000Z',
      balances: { USDG: '500000', USDC: '250000' },
    },
    {
      id: SEED_IDS.rejectedProfile,
      customer_id: SEED_IDS.newCustomer,
      account_id: '3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
      nickname: 'Compliance hold',
      type: 'NORMAL',
      description: 'Withdrawals refused while under review',
      created_at: '2024-11-05T10:00:00.000Z',
      balances: { BTC: '5', ETH: '100', USDG: '100000', USDC: '100000' },
    },
  ];
}

/** The saved destination addresses: Travel Rule data complete, in the old format, incomplete or absent. */
function seedAddresses(): SeedAddress[] {
  return [
    {
      id: '6f1e2d3c-4b5a-4968-8776-655443322110',
      crypto_network: 'ETHEREUM',
      address: SAMPLE_ADDRESSES.evmA,
      nickname: 'Treasury cold wallet',
      bookmarked: true,
      created_at: '2025-02-03T10:15:00.000Z',
      travelrule_metadata: TREASURY,
    },
    {
      id: '7a2b3c4d-5e6f-4a1b-9c2d-3e4f5a6b7c8d',
      crypto_network: 'BITCOIN',
      address: SAMPLE_ADDRESSES.bitcoinSegwit,
      identity_id: SEED_IDS.identityAlice,
      nickname: "Alice's Coinbase BTC",
      bookmarked: false,
      created_at: '2025-06-11T08:00:00.000Z',
      travelrule_metadata: PERSON_ALICE,
    },
    {
      id: '8b3c4d5e-6f7a-4b2c-8d3e-4f5a6b7c8d9e',
      crypto_network: 'SOLANA',
      address: SAMPLE_ADDRESSES.solanaA,
      nickname: 'Solana payout (no Travel Rule data)',
      bookmarked: false,
      created_at: '2025-09-20T14:30:00.000Z',
    },
    {
      id: '9c4d5e6f-7a8b-4c3d-9e4f-5a6b7c8d9e0f',
      crypto_network: 'STELLAR',
      address: SAMPLE_ADDRESSES.stellarA,
      identity_id: SEED_IDS.identityBob,
      nickname: "Bob's own Stellar wallet",
      bookmarked: true,
      created_at: '2026-01-05T09:45:00.000Z',
      travelrule_metadata: { beneficiary: { self: true }, custodian_type: 'PRIVATE' },
    },
    {
      // Saved before the service asked for the hosting VASP: incomplete Travel Rule data.
      id: 'be6f7a8b-9c0d-4e5f-9a6b-7c8d9e0f1a2b',
      crypto_network: 'DOGECOIN',
      address: SAMPLE_ADDRESSES.dogecoinA,
      nickname: 'Acme Dogecoin payouts (Travel Rule incomplete)',
      bookmarked: false,
      created_at: '2025-12-01T11:00:00.000Z',
      travelrule_metadata: {
        beneficiary: { institution_details: { name: 'Acme Payments Ltd' } },
        custodian_type: 'VASP',
      },
    },
    {
      id: 'ad5e6f7a-8b9c-4d4e-8f5a-6b7c8d9e0f1a',
      crypto_network: 'BASE',
      address: SAMPLE_ADDRESSES.evmB,
      nickname: 'Base hot wallet (no Travel Rule data)',
      bookmarked: false,
      created_at: '2026-03-14T16:20:00.000Z',
    },
  ];
}

export function createSeed(): SeedData {
  const random = new SeededRandom(20_261_122);
  const statements = customerPlans().flatMap((plan) => statementsFor(plan, random));
  const payments = paymentsFor(
    {
      customerId: SEED_IDS.exampleCustomer,
      profileId: SEED_IDS.exampleProfile,
      accountId: 'f3c1d2e4-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      destinationId: '6f1e2d3c-4b5a-4968-8776-655443322110',
    },
    statements,
  );
  return { statements, profiles: seedProfiles(), addresses: seedAddresses(), payments };
}
