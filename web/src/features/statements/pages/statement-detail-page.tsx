import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { Statement } from '#contract/statements';
import { Card } from '#web/components/ui/card';
import { CopyableText } from '#web/components/ui/copy-button';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { DateTime } from '#web/components/ui/date-time';
import { DecimalText } from '#web/components/ui/decimal-text';
import { EmptyState } from '#web/components/ui/empty-state';
import { Notice } from '#web/components/ui/notice';
import { ErrorState } from '#web/components/ui/error-state';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { retryProgress } from '#web/lib/retry-progress';
import { formatUtc } from '#web/lib/date-format';
import { statementQuery } from '../api/statements-api';
import { StatementStatusBadge } from '../components/statement-status-badge';
import { unreadableText } from '../components/unreadable-notice';
import { balanceLines, type BalanceLine } from '../lib/statement-balances';
import { productLabel, typeLabel } from '../lib/statement-labels';
import { statementsListPath } from '../lib/statement-links';
import { fieldText, safeFileHref, unknownFields } from '../lib/unknown-fields';
import '../statements.css';

export function StatementDetailPage() {
  const { statementId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const customerId = (searchParams.get('customer_id') ?? '').trim();
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: unknown } | null)?.listSearch;
  const backTo = statementsListPath(listSearch, customerId);
  const result = useQuery({
    ...statementQuery(customerId, statementId),
    enabled: customerId !== '' && statementId !== '',
  });
  const back = (
    <Link to={backTo} className="button">
      Back to statements
    </Link>
  );

  if (!customerId) {
    return (
      <>
        <PageHeader title="Statement" actions={back} />
        <Card>
          <EmptyState title="This link does not say which customer the statement belongs to">
            Open the statement from the statements list (its links carry the customer id).
          </EmptyState>
        </Card>
      </>
    );
  }
  if (result.isPending) {
    return (
      <>
        <PageHeader title="Statement" actions={back} />
        <Card>
          <SkeletonRows rows={8} label="Loading the statement" retry={retryProgress(result)} />
        </Card>
      </>
    );
  }
  if (result.isError) {
    return (
      <>
        <PageHeader title="Statement" actions={back} />
        <Card>
          <ErrorState
            error={result.error}
            title="The statement could not be loaded"
            onRetry={() => void result.refetch()}
            retrying={result.isFetching}
          />
        </Card>
      </>
    );
  }
  const statement = result.data;
  if (!statement) {
    return (
      <>
        <PageHeader title="Statement" actions={back} />
        <Card>
          <EmptyState title="No such statement for this customer">
            Customer <span className="mono">{customerId}</span> has no statement with id{' '}
            <span className="mono">{statementId}</span>. Check both ids.
          </EmptyState>
        </Card>
      </>
    );
  }
  return <StatementDetail statement={statement} back={back} />;
}

const period = (s: Statement) =>
  `${s.period_start ? (formatUtc(s.period_start, true) ?? s.period_start) : '?'} to ${
    s.period_end ? (formatUtc(s.period_end, true) ?? s.period_end) : '?'
  }`;

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children ?? <span className="muted">—</span>}</dd>
    </>
  );
}

const copyable = (value: string | undefined, label: string) =>
  value ? <CopyableText value={value} label={label} /> : undefined;

const BALANCE_COLUMNS: DataTableColumn<BalanceLine & { nextRef: string | undefined }>[] = [
  { key: 'asset', header: 'Asset', cell: (b) => b.asset },
  { key: 'owed', header: 'Owed', className: 'num', cell: (b) => <DecimalText value={b.owed} /> },
  { key: 'paid', header: 'Paid', className: 'num', cell: (b) => <DecimalText value={b.paid} /> },
  {
    key: 'outstanding',
    header: 'Outstanding (owed − paid)',
    className: 'num',
    cell: (b) =>
      b.outstanding === undefined ? (
        <span className="muted">n/a</span>
      ) : (
        <span className={b.due ? 'asset-line__outstanding--due' : undefined}>
          <DecimalText value={b.outstanding} />
        </span>
      ),
  },
  {
    key: 'next',
    header: 'Next payment ref id',
    cell: (b) => copyable(b.nextRef, `next payment ref id of ${b.asset}`) ?? '—',
  },
];

function StatementDetail({ statement: s, back }: { statement: Statement; back: ReactNode }) {
  const balances = balanceLines(s.statement_balances).map((line, index) => ({
    ...line,
    key: `${line.asset}-${index}`,
    nextRef: s.statement_balances?.[index]?.next_payment_ref_id,
  }));
  const extra = unknownFields(s);
  const files = s.files ?? [];
  return (
    <div className="stack statements-page">
      <PageHeader
        title={`Statement ${period(s)}`}
        description={
          <>
            {typeLabel(s.type) ?? 'Statement'} · {productLabel(s.product) ?? 'unknown product'} ·{' '}
            <StatementStatusBadge status={s.status} />
          </>
        }
        actions={back}
      />
      {s.unreadable && (
        <Notice tone="warning" title="Part of this statement could not be read">
          {unreadableText(s.unreadable)}. Everything else is shown; the statement exactly as
          received is at the bottom of this page.
        </Notice>
      )}
      <div className="statement-detail__grid">
        <Card title="Summary" aria-label="Summary">
          <dl className="detail-list">
            <Item term="Statement id">{copyable(s.id, 'statement id')}</Item>
            <Item term="Ref id">{copyable(s.ref_id, 'ref id')}</Item>
            <Item term="Customer id">{copyable(s.customer_id, 'customer id')}</Item>
            <Item term="Status">
              <StatementStatusBadge status={s.status} />
              {s.status && <span className="mono muted"> {s.status}</span>}
            </Item>
            <Item term="Type">
              {s.type && (
                <>
                  {typeLabel(s.type)} <span className="mono muted">{s.type}</span>
                </>
              )}
            </Item>
            <Item term="Product">
              {s.product && (
                <>
                  {productLabel(s.product)} <span className="mono muted">{s.product}</span>
                </>
              )}
            </Item>
            <Item term="Total amount">
              {s.metadata?.total_amount !== undefined && (
                <DecimalText value={s.metadata.total_amount} />
              )}
            </Item>
            <Item term="Period start">{s.period_start && <DateTime value={s.period_start} />}</Item>
            <Item term="Period end">{s.period_end && <DateTime value={s.period_end} />}</Item>
            <Item term="Generated">{s.generated_at && <DateTime value={s.generated_at} />}</Item>
            <Item term="Created">{s.created_at && <DateTime value={s.created_at} />}</Item>
            <Item term="Paid">{s.paid_at && <DateTime value={s.paid_at} />}</Item>
            <Item term="Statement group id">
              {copyable(s.statement_group_id, 'statement group id')}
            </Item>
            <Item term="Version">
              {s.version !== undefined && <span className="mono">{String(s.version)}</span>}
            </Item>
          </dl>
        </Card>
        <div className="stack">
          <Card title="Files" aria-label="Files">
            {files.length === 0 ? (
              <p className="muted">No files are attached to this statement.</p>
            ) : (
              <ul className="statement-detail__files">
                {files.map((file, index) => {
                  const href = safeFileHref(file.url);
                  const name = file.name ?? `File ${index + 1}`;
                  return (
                    <li key={`${file.url ?? ''}-${index}`}>
                      {href ? (
                        <a href={href} target="_blank" rel="noopener noreferrer">
                          {name}
                          {file.format ? ` (${file.format})` : ''}
                        </a>
                      ) : (
                        <span>
                          {name} <span className="muted">(no downloadable link)</span>
                        </span>
                      )}
                      {file.expires_at && (
                        <span className="muted">
                          {' '}
                          · link expires <DateTime value={file.expires_at} />
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </Card>
          <Card title="Other fields" aria-label="Other fields" className="statement-detail__extra">
            {extra.length === 0 ? (
              <p className="muted">None: every field of this statement is shown on this page.</p>
            ) : (
              <dl className="detail-list">
                {extra.map((field) => (
                  <Item key={field.path} term={field.path}>
                    <pre>{fieldText(field.value)}</pre>
                  </Item>
                ))}
              </dl>
            )}
          </Card>
        </div>
      </div>
      <Card title="Balances per asset" flush>
        {balances.length === 0 ? (
          <p className="muted statements-error-action">This statement has no balances.</p>
        ) : (
          <DataTable
            caption="Balances per asset"
            captionHidden
            columns={BALANCE_COLUMNS}
            rows={balances}
            rowKey={(b) => b.key}
          />
        )}
      </Card>
      <Card className="statement-detail__raw">
        <details open={s.unreadable !== undefined}>
          <summary>The statement exactly as received (JSON)</summary>
          <pre>{JSON.stringify(s.unreadable ? s.unreadable.raw : s, null, 2)}</pre>
        </details>
      </Card>
    </div>
  );
}
