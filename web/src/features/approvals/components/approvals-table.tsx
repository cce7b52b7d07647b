import { Link } from 'react-router';
import type { ApprovalRequest } from '#contract/approvals';
import { ApprovalStatusBadge } from '#web/shared/approvals/approval-status-badge';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { DateTime } from '#web/components/ui/date-time';
import { ApprovalSummary } from './approval-summary';

const KIND_WORDS: Record<string, string> = {
  withdrawal: 'Withdrawal',
  address: 'Address',
  withdrawal_batch: 'Withdrawal batch',
};

const COLUMNS: DataTableColumn<ApprovalRequest>[] = [
  {
    key: 'request',
    header: 'Request',
    cell: (row) => (
      <Link to={`/approvals/${encodeURIComponent(row.id)}`}>
        {KIND_WORDS[row.kind] ?? row.kind} <span className="mono">{row.id.slice(0, 8)}</span>
      </Link>
    ),
  },
  { key: 'status', header: 'Status', cell: (row) => <ApprovalStatusBadge status={row.status} /> },
  { key: 'what', header: 'What', cell: (row) => <ApprovalSummary request={row} /> },
  { key: 'reason', header: 'Why approval', cell: (row) => row.reason },
  {
    key: 'approvals',
    header: 'Approvals',
    className: 'num',
    cell: (row) => `${row.approvals.length} of ${row.required_approvals}`,
  },
  { key: 'initiator', header: 'Initiator', cell: (row) => row.initiator.name },
  {
    key: 'created_at',
    header: 'Requested',
    className: 'nowrap',
    cell: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'expires_at',
    header: 'Expires',
    className: 'nowrap',
    cell: (row) =>
      row.status === 'pending' ? (
        <DateTime value={row.expires_at} />
      ) : (
        <span className="muted">—</span>
      ),
  },
];

/** The approvals queue as a table (a card per request on a phone), pending first. */
export function ApprovalsTable({ rows }: { rows: readonly ApprovalRequest[] }) {
  return (
    <DataTable
      caption="Approval requests, pending first"
      captionHidden
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.id}
    />
  );
}
