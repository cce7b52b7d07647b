import { randomUUID } from 'node:crypto';
import { isSameAddress } from '#contract/networks/canonical-address';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import {
  FAILING_ADDRESSES,
  FAILING_MEMO,
  STORY_MEMOS,
  type TransferStory,
} from '#sandbox/seed/magic-values';
import type { SeedProfile } from '#sandbox/seed/seed';
import type { StoredTransfer } from '#sandbox/state/transfer-store';
import type { WithdrawalAmounts } from './amounts';

/** The accepted withdrawal as stored: PENDING until `settleMs` has passed, then its story's outcome. */
export function transferRecord(
  body: CreateCryptoWithdrawalRequest,
  profile: SeedProfile,
  sums: WithdrawalAmounts & { notional: string },
  now: Date,
  settleMs: number,
): StoredTransfer {
  const failing =
    isSameAddress(
      body.crypto_network,
      body.destination_address,
      FAILING_ADDRESSES[body.crypto_network],
    ) || body.memo === FAILING_MEMO;
  return {
    id: randomUUID(),
    customer_id: profile.customer_id,
    profile_id: profile.id,
    ...(body.identity_id !== undefined ? { identity_id: body.identity_id } : {}),
    account_id: body.account_id ?? profile.account_id,
    ...(body.ref_id !== undefined ? { ref_id: body.ref_id } : {}),
    amount: sums.amount,
    total: sums.total,
    fee: sums.fee,
    asset: body.asset,
    balance_asset: body.balance_asset ?? body.asset,
    destination_address: body.destination_address,
    crypto_network: body.crypto_network,
    metadata: body.metadata ?? {},
    ...(body.memo !== undefined ? { memo: body.memo } : {}),
    notional_value: sums.notional,
    createdAtMs: now.getTime(),
    settlesAtMs: now.getTime() + settleMs,
    story: storyOf(body.memo, failing),
  };
}

/** How an accepted withdrawal plays out: a story memo, else the failing inputs, else it settles. */
function storyOf(memo: string | undefined, failing: boolean): TransferStory {
  if (memo !== undefined && Object.hasOwn(STORY_MEMOS, memo)) return STORY_MEMOS[memo]!;
  return { outcome: failing ? 'FAILED' : 'COMPLETED' };
}
