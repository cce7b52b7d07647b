import type { LedgerStatus } from '#contract/withdrawal-ledger';
import { Badge, type BadgeToneEntry } from '#web/components/ui/badge';

export const LEDGER_STATUS_TONES: Record<LedgerStatus, BadgeToneEntry> = {
  submitting: { tone: 'info', label: 'Submitting' },
  created: { tone: 'success', label: 'Created' },
  refused: { tone: 'danger', label: 'Refused' },
  // Never "failed": the transfer may exist; checking again settles it.
  unknown: { tone: 'warning', label: 'Outcome unknown' },
  // Held by the four-eyes policy: nothing reached the service yet.
  awaiting_approval: { tone: 'info', label: 'Awaiting approval' },
  // Rejected, cancelled or expired before approval: it never reached the service.
  not_sent: { tone: 'neutral', label: 'Not sent' },
};

export function LedgerStatusBadge({ status }: { status: string }) {
  return <Badge value={status} tones={LEDGER_STATUS_TONES} />;
}
