import { queryOptions, skipToken, type Query } from '@tanstack/react-query';
import {
  FINAL_TRANSFER_STATUSES,
  LiveTransferResponseSchema,
  type LiveTransferResponse,
} from '#contract/transfer-status';
import { apiGet } from '#web/lib/api-client';
import { pollDelayMs } from '#web/lib/poll-delay';

/** Whether this answer can still change: a live, non-final status. */
export function keepsChanging(data: LiveTransferResponse | undefined): boolean {
  if (!data?.transfer || data.source !== 'upstream') return false;
  return !FINAL_TRANSFER_STATUSES.has(String(data.transfer.status));
}

/**
 * Whether a failed read is asked again: nothing was read yet (a later failure keeps the last answer,
 * which keepsChanging judges) and the status recorded in the ledger can still change.
 */
export function retriesFailedRead(
  data: LiveTransferResponse | undefined,
  recordedStatus: string,
): boolean {
  return data === undefined && !FINAL_TRANSFER_STATUSES.has(recordedStatus);
}

const transferStatusKeys = {
  live: (refId: string) => ['withdrawals', 'live-transfer', refId] as const,
};

/**
 * The transfer's live status while someone looks: polled with backoff, only while the page is
 * visible (TanStack Query pauses in the background), stopping at a final status or when the BFF
 * says the status is not live (feature off, not listed upstream). `recordedStatus`: the ledger's,
 * shown until a read succeeds; a failed first read is asked again while it is not final.
 * `refId` undefined: none to read (skipped).
 */
export function liveTransferQuery(refId: string | undefined, recordedStatus: string) {
  return queryOptions({
    queryKey: transferStatusKeys.live(refId ?? ''),
    queryFn:
      refId === undefined
        ? skipToken
        : ({ signal }) =>
            apiGet(
              `/api/withdrawals/${encodeURIComponent(refId)}/transfer`,
              LiveTransferResponseSchema,
              undefined,
              signal,
            ),
    refetchInterval: (
      query: Query<LiveTransferResponse, Error, LiveTransferResponse, readonly unknown[]>,
    ) => {
      const { data, status, dataUpdateCount, errorUpdateCount } = query.state;
      if (keepsChanging(data)) return pollDelayMs(dataUpdateCount);
      // Without this a failed first read was the last: the card stayed "could not be refreshed".
      if (status === 'error' && retriesFailedRead(data, recordedStatus))
        return pollDelayMs(errorUpdateCount);
      return false;
    },
    refetchIntervalInBackground: false,
    // A failed read is retried by the next poll, not hammered.
    retry: 1,
  });
}
