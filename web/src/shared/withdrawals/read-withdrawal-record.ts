import { WithdrawalRecordSchema } from '#contract/withdrawal-ledger';
import { apiGet } from '#web/lib/api-client';

/**
 * One record of the BFF's withdrawal ledger by its ref_id (GET /api/withdrawals/:refId): the
 * withdrawal pages read it, and so does the approver's page (what the service was sent).
 */
export const readWithdrawalRecord = (refId: string, signal: AbortSignal) =>
  apiGet(
    `/api/withdrawals/${encodeURIComponent(refId)}`,
    WithdrawalRecordSchema,
    undefined,
    signal,
  );
