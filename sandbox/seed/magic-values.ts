import { CRYPTO_NETWORKS, type CryptoNetwork } from '#contract/crypto-network';
import type { AddressFamilyId } from '#contract/networks/families';
import { NETWORK_REGISTRY } from '#contract/networks/registry';

// Documented inputs that trigger the outcomes a test or a demo needs (see README.md).

/** Per address family (one EVM address serves every EVM network): valid, accepted, then failing. */
const FAILING_ADDRESS_OF_FAMILY: Readonly<Record<AddressFamilyId, string>> = {
  bitcoin: 'bc1qylhsyeyazr0mmrhc0t2cy8cvf2nkcmg8txydxf',
  evm: '0x2D1896e76aF50C066F0fB71bFE327860408E92Be',
  'bitcoin-cash': 'bitcoincash:qrj5z2wj4txatcv2pvpfpw0d2nxfg8s90qnwkydhp5',
  litecoin: 'ltc1q5hf3end9rd5zcu8zm6vneylgrzxk0tqgh2dss4',
  solana: '2idPzJsoKz4tFWmyTfWpYRUf2L1UvW276mbQNWakZEo8',
  stellar: 'GDO6MKQQGPT4C5ZEY4LXGGRZBIKHYUQELDOKNTEJFUTEQF55K5WHKCMI',
  dogecoin: 'DFoXBdTCVo6thD5cvBbzEkCJpF7BLtcAui',
  sui: '0x84f8df8c863fd33ada767fb30be3f6169473a754f20d93538137ca7e52d85f4f',
};

/** Valid addresses whose withdrawals are accepted (200 PENDING) and then fail on chain. */
export const FAILING_ADDRESSES = Object.fromEntries(
  CRYPTO_NETWORKS.map((network) => [
    network,
    FAILING_ADDRESS_OF_FAMILY[NETWORK_REGISTRY[network].family],
  ]),
) as Readonly<Record<CryptoNetwork, string>>;

/** A memo that makes any withdrawal fail on chain after it was accepted. */
export const FAILING_MEMO = 'SANDBOX_FAIL';

/**
 * How a transfer plays out after it was accepted: what the chain says once it settles, the
 * secondary status it carries while PENDING or once FAILED, and the `status_details` member a
 * failure carries (invalid_destination_address unless said otherwise).
 */
export interface TransferStory {
  outcome: 'COMPLETED' | 'FAILED';
  pendingSecondary?: { name: string; detail: string };
  failedSecondary?: { name: string; detail: string };
  failure?: { key: string; message: string };
}

/**
 * Memos that play out the service's other transfer stories, so the console's live status (the
 * secondary status and status details in words) can be tried against the local upstream and not
 * only against mocks. The memo is otherwise sent as given.
 */
export const STORY_MEMOS: Readonly<Record<string, TransferStory>> = {
  SANDBOX_TRAVEL_RULE_REQUESTED: {
    outcome: 'COMPLETED',
    pendingSecondary: {
      name: 'TRAVEL_RULE_INFO_REQUESTED',
      detail: 'The beneficiary VASP asked for the originator and beneficiary information',
    },
  },
  SANDBOX_CUSTOMER_APPROVAL: {
    outcome: 'COMPLETED',
    pendingSecondary: {
      name: 'PENDING_CUSTOMER_APPROVAL',
      detail: 'Waiting for the customer to approve the withdrawal',
    },
  },
  SANDBOX_TRAVEL_RULE_REJECTED: {
    outcome: 'FAILED',
    failedSecondary: {
      name: 'TRAVEL_RULE_REJECTED',
      detail: 'The beneficiary VASP rejected the Travel Rule information',
    },
  },
  SANDBOX_CUSTOMER_REJECTED: {
    outcome: 'FAILED',
    failedSecondary: { name: 'CUSTOMER_REJECTED', detail: 'The customer rejected the withdrawal' },
  },
  SANDBOX_MISSING_TRUSTLINE: {
    outcome: 'FAILED',
    failure: {
      key: 'missing_trustline',
      message: 'The destination account has no trustline for this asset',
    },
  },
  SANDBOX_STALE_FEE_QUOTE: {
    outcome: 'FAILED',
    failure: {
      key: 'stale_fee_quote',
      message: 'The fee quote was stale when the transfer was sent',
    },
  },
};

/** Any other failure: the destination cannot receive the asset. */
export const DEFAULT_FAILURE = {
  key: 'invalid_destination_address',
  message: 'The destination address cannot receive this asset on this network',
} as const;

/** An amount (or total) refused by the risk engine: 403 Rejected. Compared as a decimal. */
export const REJECTED_AMOUNT = '13.13';

/** A profile under a compliance hold: every withdrawal from it is 403 Rejected. */
export const REJECTED_PROFILE_ID = 'c0ffee00-0000-4000-8000-00000000dead';

/** A fee quote that is always valid (its fee is the standard network fee). */
export const VALID_FEE_ID = 'fee-quote-valid';
/** A fee quote that has expired: 403 Expired with meta.expired_at. Any other fee_id is 404. */
export const EXPIRED_FEE_ID = 'fee-quote-expired';
export const EXPIRED_FEE_EXPIRED_AT = '2026-01-01T00:00:00.000Z';

/** An identity whose verification is not finished: 403 Identity Verification Required. */
export const UNVERIFIED_IDENTITY_ID = '1d000000-0000-4000-8000-0000000000f1';
export const UNVERIFIED_IDENTITY_STATUS = 'PENDING';

/** `meta.reason` of 400 Unsupported Address (the service's reasons are its own; these are ours). */
export const UNSUPPORTED_ADDRESS_REASON = 'INVALID_ADDRESS';
export const UNSUPPORTED_ASSET_REASON = 'ASSET_NOT_ON_NETWORK';

/**
 * Per-asset withdrawal limits on `amount` (what arrives), inclusive: below `min` is 400
 * Withdrawal Amount Too Small, above `max` is 400 Withdrawal Amount Too Large, both with
 * `meta: { limit, amount }`. Every maximum is far above the largest seeded balance, so Insufficient
 * Funds stays reachable. An asset not listed has no limits.
 */
export const WITHDRAWAL_LIMITS: Readonly<Record<string, { min: string; max: string }>> = {
  BTC: { min: '0.00001', max: '1000' },
  ETH: { min: '0.000001', max: '1000000' },
  LTC: { min: '0.0001', max: '1000000' },
  BCH: { min: '0.0001', max: '1000000' },
  SOL: { min: '0.0001', max: '10000000' },
  XLM: { min: '0.01', max: '1000000000' },
  USDG: { min: '0.01', max: '100000000' },
  PYUSD: { min: '0.01', max: '100000000' },
  USDC: { min: '0.01', max: '100000000' },
};
