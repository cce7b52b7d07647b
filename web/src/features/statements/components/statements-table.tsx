import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import type { Statement } from '#contract/statements';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { DateTime } from '#web/components/ui/date-time';
import { DecimalText } from '#web/components/ui/decimal-text';
import { formatUtc } from '#web/lib/date-format';
import { totalPlaces } from '../lib/statement-balances';
import { productLabel, typeLabel } from '../lib/statement-labels';
import { statementDetailPath } from '../lib/statement-links';
import { supersededBy } from '../lib/superseded';
import { BalanceLinesCell, BalanceLinesHeader } from './balance-lines';
import { StatementStatusBadge } from './statement-status-badge';
import { UnreadableRowNote } from './unreadable-notice';

function periodText(statement: Statement): string {
  const start = statement.period_start
    ? (formatUtc(statement.period_start, true) ?? statement.period_start)
    : '?';
  const end = statement.period_end
    ? (formatUtc(statement.period_end, true) ?? statement.period_end)
    : '?';
  return `${start} to ${end}`;
}

/** The period opens the statement's detail; the list's URL travels along for "Back to list". */
function PeriodLink({ statement, customerId }: { statement: Statement; customerId: string }) {
  const location = useLocation();
  // Without an id there is no detail page to open (the service requires no member).
  if (statement.id === undefined) return <span className="nowrap">{periodText(statement)}</span>;
  return (
    <Link
      to={statementDetailPath(statement.id, statement.customer_id ?? customerId)}
      state={{ listSearch: location.search }}
      className="nowrap"
    >
      {periodText(statement)}
    </Link>
  );
}

/** Statements are immutable: a correction is a new statement with a higher version. */
function PeriodCell({
  statement,
  customerId,
  newerVersion,
}: {
  statement: Statement;
  customerId: string;
  /** The version that replaces this one, when a correction is on the same page. */
  newerVersion: string | undefined;
}) {
  const version = statement.version === undefined ? undefined : String(statement.version);
  return (
    <>
      <PeriodLink statement={statement} customerId={customerId} />
      {statement.unreadable && (
        <UnreadableRowNote unreadable={statement.unreadable} withRaw={statement.id === undefined} />
      )}
      {/* The spaces sit outside the flags: inside the unbreakable "Superseded by" flag, the space
          kept the flag on the period's line, and the period column as wide as both. */}
      {version !== undefined && version !== '1' && (
        <>
          {' '}
          <span
            className="muted"
            title={`Version ${version}: a correction of an earlier statement`}
          >
            v{version}
          </span>
        </>
      )}
      {newerVersion !== undefined && (
        <>
          {' '}
          <span className="superseded-flag" title={`Corrected by version ${newerVersion}`}>
            Superseded by v{newerVersion}
          </span>
        </>
      )}
    </>
  );
}

function buildColumns(
  customerId: string,
  superseded: ReadonlyMap<string, string>,
): DataTableColumn<Statement>[] {
  return [
    {
      key: 'period',
      header: 'Period (UTC)',
      cell: (s) => (
        <PeriodCell
          statement={s}
          customerId={customerId}
          newerVersion={s.id ? superseded.get(s.id) : undefined}
        />
      ),
    },
    {
      key: 'type',
      header: 'Type and product',
      cell: (s) => (
        <span className="stack-tight">
          <span title={s.type}>{typeLabel(s.type) ?? '—'}</span>
          <span className="muted" title={s.product}>
            {productLabel(s.product) ?? '—'}
          </span>
        </span>
      ),
    },
    { key: 'status', header: 'Status', cell: (s) => <StatementStatusBadge status={s.status} /> },
    {
      key: 'total',
      header: 'Total amount',
      className: 'num',
      cell: (s) => <DecimalText value={s.metadata?.total_amount} places={totalPlaces(s)} />,
    },
    {
      key: 'balances',
      header: <BalanceLinesHeader />,
      label: 'Balances',
      cell: (s) => <BalanceLinesCell balances={s.statement_balances} />,
    },
    {
      key: 'generated',
      header: 'Generated (UTC)',
      className: 'nowrap',
      cell: (s) => <DateTime value={s.generated_at} dateOnly />,
    },
    {
      key: 'paid',
      header: 'Paid (UTC)',
      className: 'nowrap',
      cell: (s) => <DateTime value={s.paid_at} dateOnly />,
    },
  ];
}

interface StatementsTableProps {
  statements: readonly Statement[];
  customerId: string;
  caption: string;
}

// A statement without an id still needs a stable React key: one per object, made once.
const keys = new WeakMap<Statement, string>();
let nextKey = 0;
function keyOfStatement(statement: Statement): string {
  let key = keys.get(statement);
  if (key === undefined) {
    nextKey += 1;
    key = `no-id-${nextKey}`;
    keys.set(statement, key);
  }
  return key;
}

/** Dense and memoised per row: a page of 1000 statements re-renders only what changed. */
export function StatementsTable({ statements, customerId, caption }: StatementsTableProps) {
  const superseded = useMemo(() => supersededBy(statements), [statements]);
  const columns = useMemo(() => buildColumns(customerId, superseded), [customerId, superseded]);
  return (
    <DataTable
      caption={caption}
      captionHidden
      columns={columns}
      rows={statements}
      rowKey={(s) => s.id ?? keyOfStatement(s)}
    />
  );
}
