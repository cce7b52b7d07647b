import { Link } from 'react-router';
import type { ActivityItem } from '#contract/activity';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { DateTime } from '#web/components/ui/date-time';
import { DecimalText } from '#web/components/ui/decimal-text';
import { originLabel } from '../lib/origin-label';
import { transferField, transferPath } from '../lib/transfer-fields';

const field = (item: ActivityItem, key: string) => transferField(item.transfer, key);

function OriginCell({ item }: { item: ActivityItem }) {
  const label = originLabel(item);
  if (item.origin !== 'console' || !item.console)
    return <strong className="activity-origin">{label}</strong>;
  const { ref_id, initiator, approvers } = item.console;
  return (
    <span className="activity-origin">
      {label}
      {initiator ? ` · by ${initiator}` : ''}
      {approvers.length > 0 ? ` · approved by ${approvers.join(', ')}` : ''}
      {' · '}
      <Link to={`/withdrawals/${encodeURIComponent(ref_id)}`}>{ref_id}</Link>
    </span>
  );
}

const money = (item: ActivityItem, key: 'amount' | 'fee') =>
  item.transfer[key] ? <DecimalText value={item.transfer[key]} asset={item.transfer.asset} /> : '—';

const COLUMNS: readonly DataTableColumn<ActivityItem>[] = [
  {
    key: 'created',
    header: 'Created',
    // The console's usual UTC format; the service's own ISO string on hover.
    cell: (i) => <DateTime value={i.transfer.created_at} rawTitle />,
  },
  {
    key: 'type',
    header: 'Type / direction',
    cell: (i) => (
      <span className="activity-break">
        {field(i, 'type')}
        <br />
        {field(i, 'direction')}
      </span>
    ),
  },
  { key: 'asset', header: 'Asset', cell: (i) => field(i, 'asset') },
  { key: 'amount', header: 'Amount', cell: (i) => money(i, 'amount'), className: 'num' },
  { key: 'fee', header: 'Fee', cell: (i) => money(i, 'fee'), className: 'num' },
  { key: 'status', header: 'Status', cell: (i) => field(i, 'status') },
  {
    key: 'destination',
    header: 'Destination',
    label: 'Destination / network',
    cell: (i) => (
      <span className="activity-break">
        {field(i, 'destination_address')} · {field(i, 'crypto_network')}
      </span>
    ),
  },
  { key: 'ref', header: 'Ref id', cell: (i) => i.console?.ref_id ?? field(i, 'ref_id') },
  { key: 'origin', header: 'Origin', cell: (i) => <OriginCell item={i} /> },
  {
    key: 'ids',
    header: 'Transfer id / tx hash',
    cell: (i) => (
      <span className="activity-break activity-ids">
        <Link to={transferPath(i.transfer.id)} aria-label={`Transfer ${i.transfer.id}`}>
          {i.transfer.id}
        </Link>
        <br />
        {field(i, 'crypto_tx_hash')}
      </span>
    ),
  },
];

/** The service's transfers, one row each; at a phone's width the table stacks as cards. */
export function ActivityTable({
  items,
  caption,
}: {
  items: readonly ActivityItem[];
  caption: string;
}) {
  return (
    <DataTable
      caption={caption}
      captionHidden
      columns={COLUMNS}
      rows={items}
      rowKey={(i) => i.transfer.id}
      rowHeaderKey="created"
    />
  );
}
