import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Notice } from '#web/components/ui/notice';
import { useMe } from '#web/lib/session';
import { liveTransferQuery } from '../api/transfer-status-api';
import type { WithdrawalOutcome } from '../lib/withdrawal-outcome';
import { LiveTransferCard } from './live-transfer-card';
import { OutcomeActions } from './outcome-actions';
import { TransferCard } from './transfer-card';

type CreatedOutcome = Extract<WithdrawalOutcome, { kind: 'created' }>;

/** The service accepted the withdrawal: what it said, and the transfer (live when it can be). */
export function CreatedOutcomeResult({
  outcome,
  actions,
}: {
  outcome: CreatedOutcome;
  actions?: ReactNode;
}) {
  return (
    <div className="stack">
      <CreatedNotice outcome={outcome} />
      {outcome.transfer.ref_id ? (
        <LiveTransferCard
          transfer={outcome.transfer}
          refId={outcome.transfer.ref_id}
          title="Transfer"
          {...(outcome.transfer.updated_at ? { recordedAt: outcome.transfer.updated_at } : {})}
        />
      ) : (
        <TransferCard transfer={outcome.transfer} title="Transfer" />
      )}
      <OutcomeActions actions={actions} />
    </div>
  );
}

/**
 * "Created" is what the service said when it accepted the withdrawal; the transfer can fail later.
 * The banner follows the live status the card below shows (the same query, read once): a FAILED
 * transfer is never left under a green "created".
 */
function CreatedNotice({ outcome }: { outcome: CreatedOutcome }) {
  const feature = useMe().features.transfer_status;
  const refId = outcome.transfer.ref_id;
  const live = useQuery({
    ...liveTransferQuery(refId, String(outcome.transfer.status)),
    enabled: feature.enabled,
  });
  const status = String(live.data?.transfer?.status ?? outcome.transfer.status);
  if (status === 'FAILED')
    return (
      <Notice tone="danger" role="alert" title="Accepted, then failed">
        The service accepted the withdrawal, then it failed (the reason is below). Its status is
        final: nothing more is sent for this ref_id. To send the money, start a new withdrawal.
      </Notice>
    );
  const replayed = outcome.replayed && !outcome.recovered;
  const completed = status === 'COMPLETED';
  return (
    <Notice
      tone={replayed ? 'info' : 'success'}
      role="status"
      title={replayed ? 'Already submitted' : 'Withdrawal created'}
    >
      {outcome.recovered
        ? 'Your earlier submit got through: its answer was lost and has now been recovered with the same ref_id. Nothing was sent twice: this is the transfer.'
        : outcome.replayed
          ? 'This withdrawal was submitted earlier with the same ref_id. Nothing new was sent: this is the existing transfer.'
          : 'The upstream accepted the withdrawal.'}{' '}
      {completed
        ? 'The network confirmed it: its status is final and the total was debited.'
        : 'Its status changes as the network confirms it.'}
    </Notice>
  );
}
