import { queryOptions, skipToken } from '@tanstack/react-query';
import {
  WithdrawalBatchSchema,
  type ListWithdrawalBatchesQuery,
} from '#contract/withdrawal-batches';
import { apiRequest } from '#web/lib/api-client';

// One batch as the BFF answers it: read by the batch's own page and by the approver's page of a
// batch held for approval (its destination warnings), so it lives here, beside its key.

export const batchPath = (id: string) => `/api/withdrawal-batches/${encodeURIComponent(id)}`;

export const batchKeys = {
  all: ['withdrawal-batches'] as const,
  list: (query: ListWithdrawalBatchesQuery) => [...batchKeys.all, 'list', query] as const,
  detail: (id: string) => [...batchKeys.all, id] as const,
  /** The review's quotes by the rows it would send: a dropped row's quote never stays in the totals. */
  feeQuotes: (id: string, rowsToSend: number) =>
    ['withdrawal-batch-fee-quotes', id, rowsToSend] as const,
};

/** The batch moves by itself: every second while it is sent, every 5 s while it awaits approval. */
const POLL_MS: Record<string, number> = { sending: 1_000, awaiting_approval: 5_000 };

/** One batch (undefined: none to read yet, skipped). */
export const batchQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: batchKeys.detail(id ?? ''),
    queryFn:
      id === undefined
        ? skipToken
        : async ({ signal }) =>
            (await apiRequest(batchPath(id), { schema: WithdrawalBatchSchema, signal })).data,
    refetchInterval: (query) => POLL_MS[query.state.data?.status ?? ''] ?? false,
  });
