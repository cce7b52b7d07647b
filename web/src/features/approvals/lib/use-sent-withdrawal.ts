import { skipToken, useQuery } from '@tanstack/react-query';
import {
  createCryptoWithdrawalRequestSchema,
  type CreateCryptoWithdrawalRequest,
} from '#contract/withdrawals';
import { approvalKeys } from '#web/shared/approvals/pending-approvals-api';
import { readWithdrawalRecord } from '#web/shared/withdrawals/read-withdrawal-record';

/**
 * What the service received for an approved withdrawal (the ledger's `sent_request`): the held
 * body with the approver's fee quote and the attribution metadata. The decided request's review
 * shows this, not the held body, so its fee id and metadata are the ones that were sent.
 * Undefined while unknown (not decided, not sent, not readable): the held body is shown then.
 */
export function useSentWithdrawal(
  refId: string | undefined,
  allowTestnet: boolean,
): CreateCryptoWithdrawalRequest | undefined {
  const record = useQuery({
    queryKey: approvalKeys.sentWithdrawal(refId ?? null),
    queryFn: refId === undefined ? skipToken : ({ signal }) => readWithdrawalRecord(refId, signal),
    retry: false,
  });
  const sent = refId !== undefined ? record.data?.sent_request : undefined;
  if (!sent) return undefined;
  // Read tolerantly: a body this console cannot read as a withdrawal leaves the held one shown.
  const parsed = createCryptoWithdrawalRequestSchema({ allowTestnet }).safeParse(sent);
  return parsed.success ? parsed.data : undefined;
}
