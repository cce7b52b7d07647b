import { Badge, type BadgeToneEntry } from '#web/components/ui/badge';

const TONES: Readonly<Record<string, BadgeToneEntry>> = {
  PENDING: { tone: 'warning', label: 'Pending review' },
  APPROVED: { tone: 'success', label: 'Approved' },
  REJECTED: { tone: 'danger', label: 'Rejected' },
};

/** The upstream's review status of a saved address; an unknown status shows raw. */
export function AddressStatusBadge({ status }: { status: string | undefined }) {
  if (!status) return <span className="muted">Not reported</span>;
  return <Badge value={status} tones={TONES} />;
}
