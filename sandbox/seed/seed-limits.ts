// The service's transfer limits as the sandbox applies them (GET /v2/transfer/limits/utilizations):
// the account's rules, fixed. What remains of each is derived from the withdrawals made
// (state/limit-utilization.ts). README.md lists them.

export interface SeedLimitRule {
  id: string;
  rule_id: string;
  transfer_types: readonly string[];
  /** Seconds as a string; "0": one transaction. */
  period_seconds: string;
  limit: string;
  /** "USD" (valued at the notional value) or an asset (its amount). */
  limit_asset: string;
}

export const SEED_LIMIT_RULES: readonly SeedLimitRule[] = [
  {
    id: 'a7c1e3f5-0b2d-4f6a-8c9e-1d3f5a7b9c0e',
    rule_id: 'crypto-withdrawal-usd-24h',
    transfer_types: ['CRYPTO_WITHDRAWAL'],
    period_seconds: '86400',
    limit: '1000000',
    limit_asset: 'USD',
  },
  {
    id: 'b8d2f4a6-1c3e-4a7b-9d0f-2e4a6b8c0d1f',
    rule_id: 'crypto-withdrawal-btc-per-transaction',
    transfer_types: ['CRYPTO_WITHDRAWAL'],
    period_seconds: '0',
    limit: '20',
    limit_asset: 'BTC',
  },
  {
    id: 'c9e3a5b7-2d4f-4b8c-8e1a-3f5b7c9d1e2a',
    rule_id: 'crypto-withdrawal-eth-7d',
    transfer_types: ['CRYPTO_WITHDRAWAL'],
    period_seconds: '604800',
    limit: '500',
    limit_asset: 'ETH',
  },
  {
    // Another transfer type: left out by transfer_type=CRYPTO_WITHDRAWAL.
    id: 'd0f4b6c8-3e5a-4c9d-9f2b-4a6c8d0e2f3b',
    rule_id: 'fiat-withdrawal-usd-24h',
    transfer_types: ['FIAT_WITHDRAWAL'],
    period_seconds: '86400',
    limit: '250000',
    limit_asset: 'USD',
  },
];
