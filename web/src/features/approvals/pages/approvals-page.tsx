import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '#web/components/ui/card';
import { CursorPager } from '#web/components/ui/cursor-pager';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryErrorState } from '#web/components/ui/error-state';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import {
  APPROVALS_LOOK_AGAIN_MS,
  approvalsListQuery,
  type ApprovalFilters,
} from '#web/shared/approvals/approvals-api';
import { currentCursor, cursorMoves, rowRange } from '#web/lib/cursor-pages';
import { ApprovalFiltersForm } from '../components/approval-filters';
import { ApprovalsTable } from '../components/approvals-table';
import { searchFromView, viewFromSearch } from '../lib/approvals-url-state';
import '../approvals.css';
import { PAGE_INTROS } from '#web/shared/page-intros';

const APPROVALS_PAGE_SIZE = 50;

/** The approvals queue: every request, pending first, filtered by kind, status, age, initiator. */
export function ApprovalsPage() {
  const [search, setSearch] = useSearchParams();
  const view = useMemo(() => viewFromSearch(search), [search]);
  const cursor = currentCursor(view.cursors);
  const query = useQuery({
    ...approvalsListQuery(view.filters, cursor, APPROVALS_PAGE_SIZE),
    placeholderData: keepPreviousData,
    // Requests arrive from other people: the queue shows them without a reload.
    refetchInterval: APPROVALS_LOOK_AGAIN_MS,
  });
  const apply = (filters: ApprovalFilters) => setSearch(searchFromView({ filters, cursors: [] }));
  const go = (cursors: string[]) => setSearch(searchFromView({ filters: view.filters, cursors }));
  const rows = query.data?.requests ?? [];
  const next = query.data?.next_cursor || undefined;
  const filtered = Object.keys(view.filters).length > 0;

  return (
    <>
      <PageHeader
        title={PAGE_INTROS.approvals.title}
        description={PAGE_INTROS.approvals.description}
      />
      <div className="stack">
        <ApprovalFiltersForm
          key={searchFromView({ filters: view.filters, cursors: [] }).toString()}
          filters={view.filters}
          onApply={apply}
        />
        <Card flush aria-label="Approval requests">
          {query.isPending ? (
            <SkeletonRows rows={6} label="Loading approval requests" />
          ) : query.isError ? (
            <QueryErrorState query={query} />
          ) : rows.length === 0 ? (
            <EmptyState title="No approval requests match">
              {filtered
                ? 'Clear or change the filters to see more.'
                : 'Requests appear here when a withdrawal or an address change needs approval.'}
            </EmptyState>
          ) : (
            <>
              <ApprovalsTable rows={rows} />
              <CursorPager
                label="Approval request pages"
                live
                range={rowRange(view.cursors, APPROVALS_PAGE_SIZE, rows.length)}
                hasNext={next !== undefined}
                busy={query.isPlaceholderData}
                {...cursorMoves(view.cursors, next, go)}
              />
            </>
          )}
        </Card>
      </div>
    </>
  );
}
