import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryErrorState } from '#web/components/ui/error-state';
import { Notice } from '#web/components/ui/notice';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { formatUtc } from '#web/lib/date-format';
import { saveBlob } from '#web/lib/save-blob';
import { useMe } from '#web/lib/session';
import {
  CHECKED_STATEMENT_PAGES,
  CUSTOMER_PAYMENT_PAGES,
  differingStatementsQuery,
  type DifferingStatementsResult,
} from '../api/statement-payments-api';
import type { DifferingStatement } from '../lib/differing-statements';
import { RECONCILIATION_TONES } from '../lib/payment-labels';
import { paymentsCsv } from '../lib/payments-csv';
import { statementDetailPath } from '../lib/statement-links';
import type { StatementFilters } from '../lib/statements-url-state';
import { StatementStatusBadge } from './statement-status-badge';

const TITLE = 'Statements whose payments differ';

function PeriodLink({ row, customerId }: { row: DifferingStatement; customerId: string }) {
  const location = useLocation();
  const s = row.statement;
  const text = s.period_start ? (formatUtc(s.period_start, true) ?? s.period_start) : '?';
  if (s.id === undefined) return <span className="nowrap">{text}</span>;
  return (
    <Link
      to={statementDetailPath(s.id, s.customer_id ?? customerId)}
      state={{ listSearch: location.search }}
      className="nowrap"
    >
      {text}
    </Link>
  );
}

type Row = DifferingStatement & { key: string };

function columns(customerId: string): DataTableColumn<Row>[] {
  return [
    {
      key: 'period',
      header: 'Period from (UTC)',
      label: 'Period from',
      cell: (r) => <PeriodLink row={r} customerId={customerId} />,
    },
    {
      key: 'ref',
      header: 'Ref id',
      cell: (r) => <span className="mono">{r.statement.ref_id ?? '—'}</span>,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => <StatementStatusBadge status={r.statement.status} />,
    },
    {
      key: 'payments',
      header: 'Payments',
      className: 'num',
      cell: (r) => r.payments.length,
    },
    {
      key: 'line',
      header: 'Reconciliation',
      cell: (r) => (
        <span
          className={`reconciliation reconciliation--${RECONCILIATION_TONES[r.reconciliation.kind]}`}
        >
          {r.reconciliation.line}
        </span>
      ),
    },
  ];
}

/** What was read, in words: how far the filter covers, and where a cap stopped it. */
function Coverage({ data }: { data: DifferingStatementsResult }) {
  return (
    <Notice tone={data.statementsTruncated || data.paymentsTruncated ? 'warning' : 'info'}>
      Checked {data.checked} statement{data.checked === 1 ? '' : 's'} matching the other filters
      against {data.paymentsTruncated ? 'the first' : 'all'} {data.paymentsRead} payment
      {data.paymentsRead === 1 ? '' : 's'} of the customer: {data.rows.length} differ
      {data.rows.length === 1 ? 's' : ''}.
      {data.statementsTruncated &&
        ` Only the first ${CHECKED_STATEMENT_PAGES * 1000} statements were checked: narrow the filters to check the rest.`}
      {data.paymentsTruncated &&
        ` Only the first ${CUSTOMER_PAYMENT_PAGES * 1000} payments were read: a statement paid by a later one may be listed wrongly.`}
    </Notice>
  );
}

/**
 * The "Payments differ" filter: instead of one page of statements, every matching statement whose
 * payments do not settle it (payment-reconciliation.ts), with what was read said above the list.
 */
export function DifferingStatementsResults({ filters }: { filters: StatementFilters }) {
  const feature = useMe().features.statement_payments;
  const result = useQuery({ ...differingStatementsQuery(filters), enabled: feature.enabled });
  if (!feature.enabled)
    return (
      <Card title={TITLE}>
        <Notice title="The payments filter is not available">
          {feature.reason ?? 'Statement payments are not available.'} Uncheck “Payments differ” to
          list the statements.
        </Notice>
      </Card>
    );
  if (result.isPending)
    return (
      <Card title={TITLE}>
        <SkeletonRows rows={6} label="Reading every statement and payment of the customer" />
      </Card>
    );
  if (result.isError)
    return (
      <Card title={TITLE}>
        <QueryErrorState
          query={result}
          title="The statements and payments could not be compared"
          headingLevel={3}
        />
      </Card>
    );
  const data = result.data;
  const exportCsv = () =>
    saveBlob(
      new Blob([paymentsCsv(data.rows.flatMap((r) => r.payments))], { type: 'text/csv' }),
      `payments-differ-${filters.customerId}.csv`,
    );
  return (
    <Card
      title={TITLE}
      aria-label={TITLE}
      flush
      actions={
        <Button onClick={exportCsv} disabled={!data.rows.some((r) => r.payments.length > 0)}>
          Export their payments CSV
        </Button>
      }
    >
      <div className="statement-payments__line">
        <Coverage data={data} />
      </div>
      {data.rows.length === 0 ? (
        <EmptyState title="Every checked statement is settled by its payments" headingLevel={3}>
          No statement matching these filters differs from its completed payments.
        </EmptyState>
      ) : (
        <DataTable
          caption={TITLE}
          captionHidden
          columns={columns(filters.customerId)}
          rows={data.rows.map((r, index) => ({ ...r, key: r.statement.id ?? `row-${index}` }))}
          rowKey={(r) => r.key}
        />
      )}
    </Card>
  );
}
