import { BATCH_STATUSES, type WithdrawalBatch } from '#contract/withdrawal-batches';
import { Badge, type BadgeToneEntry } from '#web/components/ui/badge';

const BATCH_STATUS_TONES: Record<WithdrawalBatch['status'], BadgeToneEntry> = {
  draft: { tone: 'neutral', label: 'Draft' },
  awaiting_approval: { tone: 'info', label: 'Awaiting approval' },
  sending: { tone: 'info', label: 'Sending' },
  paused: { tone: 'warning', label: 'Paused' },
  done: { tone: 'success', label: 'Done' },
  cancelled: { tone: 'neutral', label: 'Cancelled' },
  // Its approval was rejected, cancelled or expired: nothing of it reached the service.
  not_sent: { tone: 'neutral', label: 'Not sent' },
};

/** The statuses in the contract's order with their words, for the status filter. */
export const BATCH_STATUS_OPTIONS = BATCH_STATUSES.map((value) => ({
  value,
  label: BATCH_STATUS_TONES[value].label,
}));

export function BatchStatusBadge({ status }: { status: string }) {
  return <Badge value={status} tones={BATCH_STATUS_TONES} />;
}
