import { Link } from 'react-router';
import type { AddressImportRow } from '#contract/address-import';
import { Badge } from '#web/components/ui/badge';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { DateTime } from '#web/components/ui/date-time';
import { ApprovalStatusBadge } from '#web/shared/approvals/approval-status-badge';
import { approvalStateWords } from '#web/shared/approvals/approval-state-words';
import { labelForRequestPath } from '#web/shared/destinations/address-field-labels';
import { valueWords } from '#web/shared/destinations/address-value-words';
import { networkLabel } from '../lib/network-label';

const KIND_TONES = {
  create: { tone: 'info', label: 'New address' },
  update: { tone: 'warning', label: 'Update' },
  unchanged: { tone: 'neutral', label: 'Unchanged' },
  invalid: { tone: 'danger', label: 'Invalid' },
} as const;

const OUTCOME_TONES = {
  created: { tone: 'success', label: 'Saved (new)' },
  updated: { tone: 'success', label: 'Saved (updated)' },
  awaiting_approval: { tone: 'warning', label: 'Held for approval' },
  refused: { tone: 'danger', label: 'Refused' },
  unknown: { tone: 'warning', label: 'Outcome unknown' },
} as const;

const SOURCE_WORDS = {
  book: 'in the address book',
  service: 'saved at the service',
  held: 'held for approval',
  file: 'in this file',
} as const;

function Changes({ row }: { row: AddressImportRow }) {
  if (row.errors.length > 0)
    return (
      <ul className="plain-list import-errors">
        {row.errors.map((error) => (
          <li key={`${error.column}:${error.message}`}>
            <strong className="mono">{error.column}</strong>: {error.message}
          </li>
        ))}
      </ul>
    );
  if (row.diff.length === 0) return <span className="muted">No change</span>;
  return (
    <ul className="plain-list">
      {row.diff.map((change) => (
        <li key={change.path}>
          {labelForRequestPath(change.path)}:{' '}
          {change.before !== undefined && (
            <>
              <del>{valueWords(change.path, change.before)}</del> →{' '}
            </>
          )}
          <ins>
            {change.after === undefined ? 'removed' : valueWords(change.path, change.after)}
          </ins>
        </li>
      ))}
    </ul>
  );
}

function LookAlikes({ row }: { row: AddressImportRow }) {
  if (row.look_alikes.length === 0) return <span className="muted">None</span>;
  return (
    <span className="import-look-alike">
      <strong>Looks like</strong>{' '}
      {row.look_alikes.map((l, i) => (
        <span key={`${l.source}:${l.address}`}>
          {i > 0 && '; '}
          {l.nickname ? `“${l.nickname}” ` : ''}
          <span className="mono">{l.address}</span> ({SOURCE_WORDS[l.source]}
          {l.line !== undefined ? `, line ${l.line}` : ''})
        </span>
      ))}
    </span>
  );
}

/**
 * What came of the row: what apply did, and for a held row what its request came to since (the
 * BFF reads it with the import): approved and saved, rejected by whom, expired, still waiting.
 */
function Outcome({ row }: { row: AddressImportRow }) {
  if (!row.outcome) return <span className="muted">Not saved yet</span>;
  const approval = row.approval;
  return (
    <span className="stack-tight">
      {approval ? (
        <>
          <ApprovalStatusBadge status={approval.status} />
          {approval.status === 'pending' ? (
            approval.expires_at && (
              <span className="muted small">
                Expires <DateTime value={approval.expires_at} />
              </span>
            )
          ) : (
            <span className="small">
              {approvalStateWords(approval)}
              {approval.decided_at && (
                <>
                  {' '}
                  <DateTime value={approval.decided_at} />
                </>
              )}
            </span>
          )}
        </>
      ) : (
        <Badge value={row.outcome} tones={OUTCOME_TONES} />
      )}
      {row.approval_id && (
        <Link to={`/approvals/${encodeURIComponent(row.approval_id)}`}>Its request</Link>
      )}
      {row.outcome_detail && <span className="muted small">{row.outcome_detail}</span>}
    </span>
  );
}

const COLUMNS: DataTableColumn<AddressImportRow>[] = [
  { key: 'line', header: 'Line', className: 'nowrap', cell: (row) => row.line },
  {
    key: 'kind',
    header: 'Action',
    cell: (row) => <Badge value={row.kind} tones={KIND_TONES} />,
  },
  {
    key: 'address',
    header: 'Address',
    cell: (row) => (
      <span className="stack-tight">
        <span>{row.crypto_network ? networkLabel(row.crypto_network) : '—'}</span>
        <span className="address-cell mono">{row.address || '—'}</span>
      </span>
    ),
  },
  { key: 'changes', header: 'Changes or problems', cell: (row) => <Changes row={row} /> },
  { key: 'look-alike', header: 'Look-alike', cell: (row) => <LookAlikes row={row} /> },
  { key: 'outcome', header: 'Outcome', cell: (row) => <Outcome row={row} /> },
];

/** The rows of an address file: what each does (create, update), its diff, problems by column. */
export function ImportRowsTable({ rows }: { rows: readonly AddressImportRow[] }) {
  return (
    <div className="address-list">
      <DataTable
        caption="Rows of the address file"
        captionHidden
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => String(row.line)}
      />
    </div>
  );
}
