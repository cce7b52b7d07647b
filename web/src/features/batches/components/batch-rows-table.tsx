import type { BatchRowFee } from '#contract/batch-fee-quotes';
import type { BatchRow } from '#contract/withdrawal-batches';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { DecimalText } from '#web/components/ui/decimal-text';
import { middleEllipsis } from '#web/lib/middle-ellipsis';

const TONES = {
  ready: { tone: 'neutral', label: 'Ready' },
  sending: { tone: 'info', label: 'Sending' },
  created: { tone: 'success', label: 'Created' },
  refused: { tone: 'danger', label: 'Refused' },
  unknown: { tone: 'warning', label: 'Unknown' },
  held: { tone: 'warning', label: 'Held' },
  invalid: { tone: 'danger', label: 'Invalid' },
  dropped: { tone: 'neutral', label: 'Dropped' },
  cancelled: { tone: 'neutral', label: 'Cancelled' },
} as const;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function outcome(row: BatchRow, onCheck: (row: number) => void) {
  if (row.state === 'created') return <span className="mono">{row.transfer_id}</span>;
  if (row.state === 'unknown')
    return (
      <>
        {row.reason}{' '}
        <Button
          size="small"
          onClick={() => onCheck(row.row)}
          aria-label={`Check row ${row.row} again`}
        >
          Check again
        </Button>
      </>
    );
  if (row.state === 'held') return `held on its own for approval ${row.approval_id ?? ''}`;
  if (row.state === 'invalid') return row.errors.map((e) => e.message).join('; ');
  return row.reason ?? '';
}

/** A row's quoted fee as the service gave it (shown as is), or why it has none. */
function quotedFee(fee: BatchRowFee | undefined) {
  if (!fee) return <span className="muted">—</span>;
  if (fee.state === 'quoted') return <DecimalText value={fee.fee} asset={fee.asset} />;
  return <span className="muted small">Unavailable: {fee.reason}</span>;
}

/**
 * Every row: what it sends and what came of it (created, refused with why, unknown); under
 * review, with its quoted fee when the review has quotes.
 */
export function BatchRowsTable({
  rows,
  onCheck,
  fees,
}: {
  rows: readonly BatchRow[];
  onCheck: (row: number) => void;
  /** The review's quotes, by row (absent: no fee column). */
  fees?: readonly BatchRowFee[] | undefined;
}) {
  const feeOf = new Map(fees?.map((f) => [f.row, f]));
  const columns: DataTableColumn<BatchRow>[] = [
    { key: 'line', header: 'Line', cell: (r) => r.line, className: 'num' },
    {
      key: 'destination',
      header: 'Destination',
      cell: (r) => (
        <span className="mono" title={str(r.request?.destination_address)}>
          {middleEllipsis(str(r.request?.destination_address) ?? '', 8, 6, 16)}
        </span>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      className: 'num',
      cell: (r) => (
        <DecimalText
          value={str(r.request?.amount) ?? str(r.request?.total)}
          asset={str(r.request?.asset)}
        />
      ),
    },
    ...(fees
      ? [
          {
            key: 'fee',
            header: 'Quoted fee',
            className: 'num',
            cell: (r: BatchRow) => quotedFee(feeOf.get(r.row)),
          },
        ]
      : []),
    {
      key: 'state',
      header: 'State',
      cell: (r) => <Badge value={r.state} tones={TONES} />,
    },
    { key: 'outcome', header: 'Outcome', cell: (r) => outcome(r, onCheck) },
    { key: 'ref', header: 'ref_id', cell: (r) => <span className="mono small">{r.ref_id}</span> },
  ];
  return (
    <DataTable
      caption="Rows of the batch"
      captionHidden
      columns={columns}
      rows={rows}
      rowKey={(r) => String(r.row)}
    />
  );
}
