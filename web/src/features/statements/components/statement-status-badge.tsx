import { Badge } from '#web/components/ui/badge';
import { STATEMENT_STATUS_TONES } from '../lib/statement-labels';

export function StatementStatusBadge({ status }: { status: string | undefined }) {
  if (!status) return <span className="muted">—</span>;
  return <Badge value={status} tones={STATEMENT_STATUS_TONES} />;
}
