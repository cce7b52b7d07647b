import { useQuery } from '@tanstack/react-query';
import type { BatchFeeQuotes } from '#contract/batch-fee-quotes';
import type { WithdrawalBatch } from '#contract/withdrawal-batches';
import { useMe } from '#web/lib/session';
import { useNow } from '#web/lib/use-countdown';
import { batchFeeQuotesQuery } from '../api/batch-api';

/** The review's quotes as the page holds them; undefined when this operator does not ask them. */
export interface BatchFeesState {
  data?: BatchFeeQuotes;
  loading: boolean;
  error?: Error;
  /** Past the earliest quote's expiry: the figures are stale. */
  expired: boolean;
  requote(): void;
}

/**
 * The fee per row of a batch under review (draft, awaiting approval), for the two who read the
 * review: its initiator and its approver (the BFF's roles for the quotes). Others, and a batch on
 * its way, see the batch's fee note only.
 */
export function useBatchFeeQuotes(batch: WithdrawalBatch | undefined): BatchFeesState | undefined {
  const me = useMe();
  const mayAsk = me.roles.some((r) => r === 'withdrawal-initiator' || r === 'withdrawal-approver');
  const underReview = batch?.status === 'draft' || batch?.status === 'awaiting_approval';
  const ready = batch?.counts.ready ?? 0;
  const ask = mayAsk && underReview && ready > 0;
  const query = useQuery(batchFeeQuotesQuery(batch?.id ?? '', ask, ready));
  const expiresAt = query.data?.expires_at ? Date.parse(query.data.expires_at) : NaN;
  const now = useNow(!Number.isNaN(expiresAt) && Date.now() < expiresAt);
  if (!ask) return undefined;
  return {
    ...(query.data ? { data: query.data } : {}),
    loading: query.isFetching,
    ...(query.error ? { error: query.error } : {}),
    expired: !Number.isNaN(expiresAt) && now >= expiresAt,
    requote: () => void query.refetch(),
  };
}
