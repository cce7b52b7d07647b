import type { AUDIT_ACTIONS } from '#contract/audit';
import type { AuditEvent } from '#contract/audit';
import { Badge, type BadgeToneEntry } from '#web/components/ui/badge';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { DateTime } from '#web/components/ui/date-time';
import { ChangesCell, OperatorCell, TargetCell } from './audit-cells';

const OUTCOME_TONES: Readonly<Record<string, BadgeToneEntry>> = {
  created: { tone: 'success', label: 'Created' },
  updated: { tone: 'success', label: 'Updated' },
  replayed: { tone: 'info', label: 'Replayed' },
  refused: { tone: 'danger', label: 'Refused' },
  rejected: { tone: 'danger', label: 'Rejected (BFF)' },
  unknown: { tone: 'warning', label: 'Unknown' },
  conflict: { tone: 'danger', label: 'Conflict' },
  error: { tone: 'danger', label: 'Error' },
  // Four eyes: a write held for approval, and the request's own life.
  awaiting_approval: { tone: 'warning', label: 'Held for approval' },
  held: { tone: 'info', label: 'Already held' },
  'destination-held': { tone: 'warning', label: 'Destination held' },
  'destination-refused': { tone: 'danger', label: 'Destination refused' },
  'refused-destination': { tone: 'warning', label: 'Destination not approved' },
  pending: { tone: 'warning', label: 'Pending' },
  approved: { tone: 'success', label: 'Approved' },
  cancelled: { tone: 'neutral', label: 'Cancelled' },
  expired: { tone: 'neutral', label: 'Expired' },
  archived: { tone: 'neutral', label: 'Archived' },
  unarchived: { tone: 'success', label: 'Brought back' },
  'memo-saved': { tone: 'success', label: 'Memo saved' },
  'memo-cleared': { tone: 'neutral', label: 'Memo cleared' },
  applied: { tone: 'success', label: 'Applied' },
};

/** An approval's "rejected" is an approver's decision, not the BFF refusing a request. */
const APPROVAL_OUTCOME_TONES: Readonly<Record<string, BadgeToneEntry>> = {
  ...OUTCOME_TONES,
  rejected: { tone: 'danger', label: 'Rejected' },
};

// Every action the trail records has its words (typed: a new action cannot be left as its key;
// the batch actions were, issue 42, item 12).
const ACTION_LABELS: Readonly<Record<(typeof AUDIT_ACTIONS)[number], string>> = {
  'withdrawal.submit': 'Withdrawal submit',
  'transfer.elsewhere': 'Withdrawal made elsewhere',
  'withdrawal_batch.upload': 'Batch file uploaded',
  'withdrawal_batch.submit': 'Batch submitted',
  'withdrawal_batch.pause': 'Batch paused',
  'withdrawal_batch.resume': 'Batch resumed',
  'withdrawal_batch.cancel': 'Batch cancelled',
  'address.put': 'Address save',
  'address.archive': 'Address archived',
  'address.unarchive': 'Address brought back',
  'address.memo': 'Address memo kept',
  'address.import': 'Address file imported',
  'approval.request': 'Approval requested',
  'approval.approve': 'Approval given',
  'approval.reject': 'Approval rejected',
  'approval.cancel': 'Approval request cancelled',
  'approval.expire': 'Approval request expired',
  'passkey.register': 'Passkey enrolled',
  'passkey.rename': 'Passkey renamed',
  'passkey.revoke': 'Passkey revoked',
};

export const actionLabel = (action: string) =>
  Object.hasOwn(ACTION_LABELS, action)
    ? ACTION_LABELS[action as keyof typeof ACTION_LABELS]
    : action;

const short = (value: string, keep = 12) =>
  value.length > keep + 1 ? `${value.slice(0, keep)}…` : value;

const COLUMNS: DataTableColumn<AuditEvent>[] = [
  { key: 'at', header: 'Time (UTC)', className: 'nowrap', cell: (e) => <DateTime value={e.at} /> },
  {
    key: 'operator',
    header: 'Operator',
    cell: (e) => <OperatorCell event={e} />,
  },
  {
    key: 'action',
    header: 'Action',
    cell: (e) => (
      // May wrap: kept on one line, the longest labels ("Withdrawal approval requested") and a
      // long operator, target and change pushed the request column off a 1280 px page.
      <span title={e.action}>{actionLabel(e.action)}</span>
    ),
  },
  {
    key: 'target',
    header: 'Target',
    cell: (e) => <TargetCell event={e} />,
  },
  {
    key: 'outcome',
    header: 'Outcome',
    cell: (e) => (
      <Badge
        value={e.outcome}
        tones={e.action.startsWith('approval.') ? APPROVAL_OUTCOME_TONES : OUTCOME_TONES}
      />
    ),
  },
  {
    key: 'changes',
    header: 'Changed',
    cell: (e) => <ChangesCell event={e} />,
  },
  {
    key: 'upstream',
    header: 'Upstream',
    className: 'num',
    cell: (e) =>
      e.upstream_status === undefined ? (
        <span className="muted">—</span>
      ) : (
        <span className="mono">{e.upstream_status}</span>
      ),
  },
  {
    // One column for both: as two, the request hash was pushed off a 1280 px page.
    key: 'request',
    header: 'Request id and hash',
    // On a phone the label stands beside the value: a short one, so they do not overlap.
    label: 'Request',
    className: 'nowrap',
    cell: (e) => (
      <span className="stack-tight">
        <span className="mono" title={`Request id ${e.request_id}`}>
          {short(e.request_id, 18)}
        </span>
        <span className="mono muted" title={`Request hash ${e.request_hash}`}>
          {short(e.request_hash)}
        </span>
      </span>
    ),
  },
];

export function AuditTable({
  events,
  caption,
}: {
  events: readonly AuditEvent[];
  caption: string;
}) {
  return (
    <DataTable
      caption={caption}
      captionHidden
      columns={COLUMNS}
      rows={events}
      rowKey={(e) => e.id}
    />
  );
}
