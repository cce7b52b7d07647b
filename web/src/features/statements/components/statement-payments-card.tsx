import { useQuery } from '@tanstack/react-query';
import { usualPlaces } from '#contract/asset-precision';
import { reconcileStatementPayments } from '#contract/payment-reconciliation';
import type { StatementPayment } from '#contract/statement-payments';
import type { Statement } from '#contract/statements';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { DateTime } from '#web/components/ui/date-time';
import { DecimalText } from '#web/components/ui/decimal-text';
import { QueryErrorState } from '#web/components/ui/error-state';
import { Notice } from '#web/components/ui/notice';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { saveBlob } from '#web/lib/save-blob';
import { useMe } from '#web/lib/session';
import { statementPaymentsQuery } from '../api/statement-payments-api';
import { PAYMENT_STATUS_TONES, RECONCILIATION_TONES } from '../lib/payment-labels';
import { paymentsCsv } from '../lib/payments-csv';
import { copyable } from './detail-values';

type PaymentRow = StatementPayment & { key: string };

const dash = <span className="muted">—</span>;

const COLUMNS: DataTableColumn<PaymentRow>[] = [
  {
    key: 'amount',
    header: 'Amount',
    className: 'num',
    cell: (p) =>
      p.payment_amount === undefined ? (
        <span className="muted">unreadable</span>
      ) : (
        <DecimalText
          value={p.payment_amount}
          places={p.payment_asset ? usualPlaces(p.payment_asset) : undefined}
        />
      ),
  },
  { key: 'asset', header: 'Asset', cell: (p) => p.payment_asset ?? dash },
  {
    key: 'status',
    header: 'Status',
    cell: (p) =>
      p.payment_status ? <Badge value={p.payment_status} tones={PAYMENT_STATUS_TONES} /> : dash,
  },
  {
    key: 'tx',
    header: 'Tx id',
    cell: (p) => copyable(p.payment_tx_id, 'payment tx id') ?? dash,
  },
  {
    key: 'destination',
    header: 'Destination (address id)',
    label: 'Destination',
    cell: (p) => copyable(p.payment_destination, 'payment destination id') ?? dash,
  },
  {
    key: 'processed',
    header: 'Processed (UTC)',
    label: 'Processed',
    className: 'nowrap',
    cell: (p) => <DateTime value={p.processed_at} />,
  },
];

/**
 * The payments the service lists for this statement (by its ref_id) with the one line that says
 * whether they settle it. Without the scope the feature is off: the card says why instead.
 */
export function StatementPaymentsCard({ statement }: { statement: Statement }) {
  const feature = useMe().features.statement_payments;
  const refId = statement.ref_id;
  const payments = useQuery({
    ...statementPaymentsQuery(refId),
    enabled: feature.enabled,
  });
  const title = 'Payments';
  if (!feature.enabled)
    return (
      <Card title={title} aria-label={title}>
        <Notice title="Payments are not shown">
          {feature.reason ?? 'Statement payments are not available.'}
        </Notice>
      </Card>
    );
  if (refId === undefined)
    return (
      <Card title={title} aria-label={title}>
        <p className="muted">
          This statement has no ref_id, so the payments that settle it cannot be looked up.
        </p>
      </Card>
    );
  if (payments.isPending)
    return (
      <Card title={title} aria-label={title}>
        <SkeletonRows rows={3} label="Loading the payments" />
      </Card>
    );
  if (payments.isError)
    return (
      <Card title={title} aria-label={title}>
        <QueryErrorState
          query={payments}
          title="The payments could not be loaded"
          headingLevel={3}
        />
      </Card>
    );
  const list = payments.data;
  const reconciliation = reconcileStatementPayments(statement, list);
  const exportCsv = () =>
    saveBlob(new Blob([paymentsCsv(list)], { type: 'text/csv' }), `payments-${refId}.csv`);
  return (
    <Card
      title={title}
      aria-label={title}
      flush
      actions={
        <Button onClick={exportCsv} disabled={list.length === 0}>
          Export payments CSV
        </Button>
      }
    >
      <div className="statement-payments__line">
        <Notice tone={RECONCILIATION_TONES[reconciliation.kind]} title="Reconciliation">
          <span data-testid="reconciliation-line">{reconciliation.line}</span>
        </Notice>
      </div>
      {list.length === 0 ? (
        <p className="muted statements-error-action">
          The service lists no payment for ref_id <span className="mono">{refId}</span>.
        </p>
      ) : (
        <DataTable
          caption={`Payments of ${refId}`}
          captionHidden
          columns={COLUMNS}
          rows={list.map((p, index) => ({ ...p, key: p.id ?? `payment-${index}` }))}
          rowKey={(p) => p.key}
        />
      )}
    </Card>
  );
}
