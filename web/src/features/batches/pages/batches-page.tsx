import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { WithdrawalBatchSummary } from '#contract/withdrawal-batches';
import { ButtonLink } from '#web/components/ui/button-link';
import { Card } from '#web/components/ui/card';
import { CursorPager } from '#web/components/ui/cursor-pager';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { DateTime } from '#web/components/ui/date-time';
import { DecimalText } from '#web/components/ui/decimal-text';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryErrorState } from '#web/components/ui/error-state';
import { PageHeader } from '#web/components/ui/page-header';
import { SelectField } from '#web/components/ui/select-field';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { currentCursor, cursorMoves, rowRange } from '#web/lib/cursor-pages';
import { retryProgress } from '#web/lib/retry-progress';
import { useHasRole } from '#web/lib/session';
import { BATCH_PAGE_SIZE, batchListQuery } from '../api/batch-api';
import { BATCH_STATUS_OPTIONS, BatchStatusBadge } from '../components/batch-status-badge';
import '../batches.css';
import { PAGE_INTROS } from '#web/shared/page-intros';

/** Row states worth a word beside "n of m sent" (what did not simply go). */
const OTHER_STATES: Array<[state: string, words: string]> = [
  ['refused', 'refused'],
  ['unknown', 'unknown'],
  ['held', 'held'],
  ['cancelled', 'cancelled'],
  ['invalid', 'invalid'],
  ['dropped', 'dropped'],
];

function RowsCell({ batch }: { batch: WithdrawalBatchSummary }) {
  const count = (state: string) => batch.counts[state] ?? 0;
  // What the batch sends: every row but the invalid and dropped ones.
  const toSend = batch.rows - count('invalid') - count('dropped');
  const others = OTHER_STATES.filter(([state]) => count(state) > 0).map(
    ([state, words]) => `${count(state)} ${words}`,
  );
  return (
    <span className="batch-list__rows">
      <span>
        {count('created')} of {toSend} sent
      </span>
      {others.length > 0 && <span className="muted small">{others.join(' · ')}</span>}
    </span>
  );
}

const COLUMNS: DataTableColumn<WithdrawalBatchSummary>[] = [
  {
    key: 'batch',
    header: 'Batch',
    cell: (b) => (
      <Link className="mono" to={`/batches/${encodeURIComponent(b.id)}`} title={b.id}>
        {b.id.slice(0, 12)}…
      </Link>
    ),
  },
  { key: 'status', header: 'Status', cell: (b) => <BatchStatusBadge status={b.status} /> },
  { key: 'rows', header: 'Rows', cell: (b) => <RowsCell batch={b} /> },
  {
    key: 'totals',
    header: 'Totals',
    className: 'num',
    cell: (b) =>
      b.totals.length === 0 ? (
        <span className="muted">—</span>
      ) : (
        <span className="batch-list__totals">
          {b.totals.map((t) => (
            <DecimalText key={t.asset} value={t.quantity} asset={t.asset} />
          ))}
        </span>
      ),
  },
  { key: 'created_by', header: 'Created by', cell: (b) => b.created_by.name },
  {
    key: 'created_at',
    header: 'Created (UTC)',
    label: 'Created (UTC)',
    className: 'nowrap',
    cell: (b) => <DateTime value={b.created_at} />,
  },
];

/** The list's status and stack of page cursors, kept in the URL; `go` moves to others. */
function useBatchListUrl() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const search = searchParams.toString();
  const { status, cursors } = useMemo(() => {
    const params = new URLSearchParams(search);
    const known = BATCH_STATUS_OPTIONS.some((o) => o.value === params.get('status'));
    return {
      // A hand-edited status the list does not have is dropped rather than sent and refused.
      status: known ? (params.get('status') as WithdrawalBatchSummary['status']) : undefined,
      cursors: params.getAll('cursor').filter((c) => c !== ''),
    };
  }, [search]);
  const go = (next: { status: string | undefined; cursors: string[] }) => {
    const params = new URLSearchParams();
    if (next.status) params.set('status', next.status);
    for (const cursor of next.cursors) params.append('cursor', cursor);
    const text = params.toString();
    navigate(text ? `?${text}` : '.');
  };
  return { status, cursors, go };
}

/** Why the page has no batch: past the last page, none of this status, or none at all. */
function NoBatches({
  paged,
  filtered,
  action,
}: {
  paged: boolean;
  filtered: boolean;
  action: ReactNode;
}) {
  if (paged)
    return <EmptyState title="No more batches">The previous page was the last one.</EmptyState>;
  if (filtered)
    return (
      <EmptyState title="No batches with this status">
        Choose “Every status” to see every batch.
      </EmptyState>
    );
  return (
    <EmptyState title="No batches yet" action={action || undefined}>
      A batch appears here as soon as its file is uploaded, before anything is sent.
    </EmptyState>
  );
}

/**
 * Every withdrawal batch, newest first: the way back to a batch whose page was left (or whose
 * browser closed while it was sent). The status and the stack of page cursors live in the URL.
 */
export function BatchesPage() {
  const canInitiate = useHasRole('withdrawal-initiator');
  const { status, cursors, go } = useBatchListUrl();
  const result = useQuery(
    batchListQuery({ status, limit: BATCH_PAGE_SIZE, cursor: currentCursor(cursors) }),
  );
  const batches = result.data?.batches ?? [];
  const nextCursor = result.data?.next_cursor || undefined;
  const loadingPage = result.isFetching && result.isPlaceholderData;
  const newBatch = canInitiate && (
    <ButtonLink to="/batches/new" variant="primary">
      Batch from CSV
    </ButtonLink>
  );

  return (
    <>
      <PageHeader
        title={PAGE_INTROS.batches.title}
        description={PAGE_INTROS.batches.description}
        actions={
          <>
            <ButtonLink to="/withdrawals" variant="secondary">
              Withdrawals
            </ButtonLink>
            {newBatch}
          </>
        }
      />
      <div className="stack">
        <Card>
          <SelectField
            className="batch-list__filter"
            label="Status"
            placeholder="Every status"
            options={BATCH_STATUS_OPTIONS}
            value={status ?? ''}
            onChange={(event) => go({ status: event.target.value || undefined, cursors: [] })}
          />
        </Card>
        {result.isPending ? (
          <Card>
            <SkeletonRows rows={6} label="Loading batches" retry={retryProgress(result)} />
          </Card>
        ) : result.isError && !result.data ? (
          <Card>
            <QueryErrorState query={result} title="The batches could not be loaded" />
          </Card>
        ) : batches.length === 0 ? (
          <Card>
            <NoBatches paged={cursors.length > 0} filtered={Boolean(status)} action={newBatch} />
          </Card>
        ) : (
          <Card flush title="Batches, newest first">
            <CursorPager
              label="Pages"
              live
              range={rowRange(cursors, BATCH_PAGE_SIZE, batches.length)}
              hasNext={Boolean(nextCursor) && !result.isPlaceholderData}
              busy={result.isFetching}
              loading={loadingPage}
              {...cursorMoves(cursors, nextCursor, (stack) => go({ status, cursors: stack }))}
            />
            <DataTable
              caption={`Withdrawal batches, page ${cursors.length + 1}`}
              captionHidden
              columns={COLUMNS}
              rows={batches}
              rowKey={(b) => b.id}
            />
          </Card>
        )}
      </div>
    </>
  );
}
