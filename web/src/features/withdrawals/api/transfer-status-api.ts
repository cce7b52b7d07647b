import { queryOptions, type Query } from '@tanstack/react-query';
import {
  FINAL_TRANSFER_STATUSES,
  LiveTransferResponseSchema,
  type LiveTransferResponse,
} from '../../../../../contract/transfer-status';
import { apiGet } from '../../../lib/api-client';

/** First re-read after 2 s, then 1.5 times longer each time, at most 30 s apart. */
export function pollDelayMs(readsSoFar: number): number {
  return Math.min(30_000, Math.round(2_000 * 1.5 ** Math.max(0, readsSoFar - 1)));
}

/** Whether this answer can still change: a live, non-final status. */
export function keepsChanging(data: LiveTransferResponse | undefined): boolean {
  if (!data?.transfer || data.source !== 'upstream') return false;
  return !FINAL_TRANSFER_STATUSES.has(String(data.transfer.status));
}

export const transferStatusKeys = {
  live: (refId: string) => ['withdrawals', 'live-transfer', refId] as const,
};

/**
 * The transfer's live status while someone looks: polled with backoff, only while the page is
 * visible (TanStack Query pauses in the background), stopping at a final status or when the BFF
 * says the status is not live (feature off, not listed upstream).
 */
export function liveTransferQuery(refId: string) {
  return queryOptions({
    queryKey: transferStatusKeys.live(refId),
    queryFn: ({ signal }) =>
      apiGet(
        `/api/withdrawals/${encodeURIComponent(refId)}/transfer`,
        LiveTransferResponseSchema,
        undefined,
        signal,
      ),
    refetchInterval: (
      query: Query<LiveTransferResponse, Error, LiveTransferResponse, readonly unknown[]>,
    ) => (keepsChanging(query.state.data) ? pollDelayMs(query.state.dataUpdateCount) : false),
    refetchIntervalInBackground: false,
    // A failed read is retried by the next poll, not hammered.
    retry: 1,
  });
}
