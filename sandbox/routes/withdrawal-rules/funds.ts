import type { ProblemInit } from '#sandbox/http/problem-response';
import { compareDecimal } from '#sandbox/state/decimal-math';
import type { TransferStore } from '#sandbox/state/transfer-store';

/** The profile must still hold the whole `total` of the asset (what earlier withdrawals left). */
export function fundsProblem(
  transfers: TransferStore,
  profileId: string,
  asset: string,
  total: string,
  now: Date,
): ProblemInit | undefined {
  const available = transfers.available(profileId, asset, now);
  if (compareDecimal(available, total) >= 0) return undefined;
  return {
    status: 403,
    type: 'insufficient-funds',
    detail: `The profile holds ${available} ${asset}; this withdrawal needs ${total}`,
    meta: { profile_id: profileId, asset, available, needed: total },
  };
}
