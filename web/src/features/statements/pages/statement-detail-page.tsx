import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { Statement } from '#contract/statements';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { Notice } from '#web/components/ui/notice';
import { QueryErrorState } from '#web/components/ui/error-state';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { retryProgress } from '#web/lib/retry-progress';
import { formatUtc } from '#web/lib/date-format';
import { statementQuery } from '../api/statements-api';
import { StatementBalancesCard } from '../components/statement-balances-card';
import { StatementFiles } from '../components/statement-files';
import { StatementPaymentsCard } from '../components/statement-payments-card';
import { StatementOtherFields } from '../components/statement-other-fields';
import { StatementStatusBadge } from '../components/statement-status-badge';
import { StatementSummary } from '../components/statement-summary';
import { SupersededNotice } from '../components/superseded-notice';
import { unreadableText } from '../components/unreadable-notice';
import { productLabel, typeLabel } from '../lib/statement-labels';
import { statementsListPath } from '../lib/statement-links';
import '../statements.css';

export function StatementDetailPage() {
  const { statementId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const customerId = (searchParams.get('customer_id') ?? '').trim();
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: unknown } | null)?.listSearch;
  const backTo = statementsListPath(listSearch, customerId);
  const result = useQuery(statementQuery(customerId, statementId));
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
          <QueryErrorState query={result} title="The statement could not be loaded" />
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
  return <StatementDetail statement={statement} customerId={customerId} back={back} />;
}

const period = (s: Statement) =>
  `${s.period_start ? (formatUtc(s.period_start, true) ?? s.period_start) : '?'} to ${
    s.period_end ? (formatUtc(s.period_end, true) ?? s.period_end) : '?'
  }`;

function StatementDetail({
  statement: s,
  customerId,
  back,
}: {
  statement: Statement;
  customerId: string;
  back: ReactNode;
}) {
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
      <SupersededNotice statement={s} customerId={customerId} />
      {s.unreadable && (
        <Notice tone="warning" title="Part of this statement could not be read">
          {unreadableText(s.unreadable)}. Everything else is shown; the statement exactly as
          received is at the bottom of this page.
        </Notice>
      )}
      <div className="statement-detail__grid">
        <StatementSummary statement={s} />
        <div className="stack">
          <StatementFiles files={s.files ?? []} />
          <StatementOtherFields statement={s} />
        </div>
      </div>
      <StatementBalancesCard statement={s} />
      <StatementPaymentsCard statement={s} />
      <Card className="statement-detail__raw">
        <details open={s.unreadable !== undefined}>
          <summary>The statement exactly as received (JSON)</summary>
          <pre>{JSON.stringify(s.unreadable ? s.unreadable.raw : s, null, 2)}</pre>
        </details>
      </Card>
    </div>
  );
}
