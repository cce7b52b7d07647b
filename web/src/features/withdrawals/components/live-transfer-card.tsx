import { useQuery } from '@tanstack/react-query';
import type { Transfer } from '#contract/withdrawals';
import { useMe } from '#web/lib/session';
import { DateTime } from '#web/components/ui/date-time';
import { keepsChanging, liveTransferQuery, retriesFailedRead } from '../api/transfer-status-api';
import { liveStatusUnavailable } from '../lib/transfer-status-words';
import { TransferCard } from './transfer-card';

/**
 * The transfer card with its live status: re-read while it is on screen until the status is final.
 * Without the transfer read (feature off) it says so, plainly, and shows the status as recorded.
 */
export function LiveTransferCard({
  transfer,
  refId,
  title = 'Transfer',
  headingLevel = 2,
  recordedAt,
}: {
  transfer: Transfer;
  refId: string;
  title?: string;
  headingLevel?: 2 | 3;
  recordedAt?: string;
}) {
  const feature = useMe().features.transfer_status;
  const live = useQuery({
    ...liveTransferQuery(refId, String(transfer.status)),
    enabled: feature.enabled,
  });
  const shown = live.data?.transfer ?? transfer;
  const note = !feature.enabled ? (
    <span className="muted small">
      {' '}
      as recorded
      {recordedAt ? (
        <>
          {' '}
          <DateTime value={recordedAt} />
        </>
      ) : null}
      . {liveStatusUnavailable(feature)}
    </span>
  ) : live.data?.source === 'upstream' ? (
    <span className="muted small" role="status">
      {' '}
      live, checked <DateTime value={live.data.checked_at} />
      {keepsChanging(live.data) ? '; checking again shortly' : ''}
    </span>
  ) : live.data?.note ? (
    <span className="muted small"> {live.data.note}</span>
  ) : live.isError ? (
    <span className="muted small" role="status">
      {' '}
      could not be refreshed just now; shown as recorded
      {retriesFailedRead(live.data, String(transfer.status)) ? '; trying again shortly' : ''}
    </span>
  ) : undefined;
  return (
    <TransferCard
      transfer={shown}
      title={title}
      headingLevel={headingLevel}
      {...(recordedAt !== undefined ? { recordedAt } : {})}
      {...(note !== undefined ? { statusNote: note } : {})}
    />
  );
}
