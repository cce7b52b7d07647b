import type { Transfer } from '#contract/withdrawals';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { createTransferReader } from './transfer-reader';

/** The transfer read by ref_id, and whether it is available now (its scope is granted). */
export interface TransferLookup {
  enabled(): Promise<boolean>;
  byRefId(refId: string): Promise<Transfer | undefined>;
}

/** The transfer read through the transfer_status companion feature. */
export function transferLookup(
  companion: CompanionFeatureGate,
  upstream: UpstreamClient,
): TransferLookup {
  const reader = createTransferReader(upstream);
  return {
    enabled: async () => (await companion.state('transfer_status')).enabled,
    byRefId: (refId: string) => reader.byRefId(refId),
  };
}
