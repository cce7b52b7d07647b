import { queryOptions, skipToken } from '@tanstack/react-query';
import { BatchFeeQuotesSchema } from '#contract/batch-fee-quotes';
import {
  ListWithdrawalBatchesResponseSchema,
  WithdrawalBatchSchema,
  type ListWithdrawalBatchesQuery,
  type WithdrawalBatch,
} from '#contract/withdrawal-batches';
import { apiGet, apiRequest } from '#web/lib/api-client';
import { batchKeys, batchPath } from '#web/shared/batches/batch-query';

/** The Batches page's rows per page. */
export const BATCH_PAGE_SIZE = 50;

/** GET /api/withdrawal-batches: a page of the list, newest first. */
export const batchListQuery = (query: ListWithdrawalBatchesQuery) =>
  queryOptions({
    queryKey: batchKeys.list(query),
    queryFn: ({ signal }) =>
      apiGet('/api/withdrawal-batches', ListWithdrawalBatchesResponseSchema, query, signal),
    // While the next page of the same status loads, the current rows stay.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2].status === query.status ? previous : undefined,
    // A batch being sent moves on: the list is refreshed while the operator looks at it.
    refetchInterval: (q) =>
      q.state.data?.batches.some((b) => b.status === 'sending') ? 5_000 : false,
  });

/**
 * The review's fee quote per row (POST: each quote is made at the service), asked once when the
 * review opens and again only on "Quote again": never on a poll, a focus or a remount within the
 * page's life (staleTime Infinity), or when the rows it would send change (a row dropped). `ask`
 * false: not asked (skipped).
 */
export const batchFeeQuotesQuery = (id: string, ask: boolean, rowsToSend: number) =>
  queryOptions({
    queryKey: batchKeys.feeQuotes(id, rowsToSend),
    queryFn: ask
      ? async () =>
          (
            await apiRequest(`${batchPath(id)}/fee-quotes`, {
              method: 'POST',
              body: {},
              schema: BatchFeeQuotesSchema,
            })
          ).data
      : skipToken,
    staleTime: Infinity,
    retry: false,
  });

/** The file as is (text/csv): the BFF answers the batch and every row's validation. */
export async function uploadBatch(csv: string): Promise<WithdrawalBatch> {
  return (
    await apiRequest('/api/withdrawal-batches', {
      method: 'POST',
      csv,
      schema: WithdrawalBatchSchema,
    })
  ).data;
}

export type BatchAction = 'submit' | 'pause' | 'resume' | 'cancel';

/** A POST that answers the batch as it stands (its steps, a row's drop or check). */
async function postForBatch(url: string): Promise<WithdrawalBatch> {
  return (await apiRequest(url, { method: 'POST', body: {}, schema: WithdrawalBatchSchema })).data;
}

export const batchAction = (id: string, action: BatchAction) =>
  postForBatch(`${batchPath(id)}/${action}`);

/** Drops a row of a draft, or checks a row whose outcome is unknown again. */
export const rowAction = (id: string, row: number, action: 'drop' | 'check') =>
  postForBatch(`${batchPath(id)}/rows/${row}/${action}`);

export const reportUrl = (id: string) => `${batchPath(id)}/report.csv`;
