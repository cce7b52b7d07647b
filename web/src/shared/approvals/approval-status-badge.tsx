import type { ApprovalStatus } from '#contract/approvals';
import { Badge, type BadgeToneEntry } from '#web/components/ui/badge';

/** The words and colours of an approval request's status, in one place for every page. */
export const APPROVAL_STATUS_TONES: Record<ApprovalStatus, BadgeToneEntry> = {
  pending: { tone: 'warning', label: 'Awaiting approval' },
  approved: { tone: 'success', label: 'Approved' },
  rejected: { tone: 'danger', label: 'Rejected' },
  cancelled: { tone: 'neutral', label: 'Cancelled' },
  expired: { tone: 'neutral', label: 'Expired' },
};

export function ApprovalStatusBadge({ status }: { status: string }) {
  return <Badge value={status} tones={APPROVAL_STATUS_TONES} />;
}
