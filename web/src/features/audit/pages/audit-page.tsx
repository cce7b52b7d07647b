import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod';
import type { ListAuditResponseSchema } from '#contract/audit';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { CsvExportStatus } from '#web/components/ui/csv-export-status';
import { CursorPager, PastLastPage } from '#web/components/ui/cursor-pager';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryErrorState } from '#web/components/ui/error-state';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { retryProgress } from '#web/lib/retry-progress';
import { cursorMoves, popCursor, rowRange } from '#web/lib/cursor-pages';
import { useCsvExport } from '#web/lib/use-csv-export';
import { auditExportUrl, auditPageQuery } from '../api/audit-api';
import { AuditFiltersForm } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';
import {
  AUDIT_PAGE_SIZE,
  auditExportSearch,
  auditSearch,
  parseAuditSearch,
  toAuditQuery,
  type AuditView,
} from '../lib/audit-url-state';
import '../audit.css';
import { PAGE_INTROS } from '#web/shared/page-intros';

export function AuditPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const search = searchParams.toString();
  const view = useMemo(() => parseAuditSearch(new URLSearchParams(search)), [search]);
  const { filters } = view;
  const result = useQuery(auditPageQuery(toAuditQuery(view)));
  // An export belongs to the filters it exported: changing them clears its message.
  const exporter = useCsvExport(auditExportSearch(filters).toString());

  const go = (next: AuditView) => {
    const text = auditSearch(next).toString();
    navigate(text ? `?${text}` : '.');
  };

  return (
    <div className="stack audit-page">
      <PageHeader
        title={PAGE_INTROS.audit.title}
        description={PAGE_INTROS.audit.description}
        actions={
          <Button
            onClick={() =>
              void exporter.start(
                auditExportUrl(auditExportSearch(filters)),
                `audit-${new Date().toISOString().slice(0, 10)}.csv`,
                // The audit export has no status line: it ends when the last page is written.
                { expectStatusLine: false },
              )
            }
            busy={exporter.state.status === 'running'}
            title="Every event matching the filters, all pages"
          >
            Export CSV
          </Button>
        }
      />
      <Card>
        <AuditFiltersForm
          filters={filters}
          filtersKey={auditSearch({ filters, cursors: [] }).toString()}
          onApply={(next) => go({ filters: next, cursors: [] })}
        />
      </Card>
      <CsvExportStatus
        state={exporter.state}
        onCancel={exporter.cancel}
        onDismiss={exporter.reset}
      />
      <AuditResults view={view} result={result} go={go} />
    </div>
  );
}

/** One page of events, or why there is none (loading, failed, past the last page, no match). */
function AuditResults({
  view,
  result,
  go,
}: {
  view: AuditView;
  result: UseQueryResult<z.infer<typeof ListAuditResponseSchema>>;
  go: (next: AuditView) => void;
}) {
  const { filters, cursors } = view;
  const events = result.data?.events ?? [];
  const nextCursor = result.data?.next_cursor || undefined;
  const range = result.data ? rowRange(cursors, AUDIT_PAGE_SIZE, events.length) : undefined;
  const loadingPage = result.isFetching && result.isPlaceholderData;
  return (
    <>
      {result.isPending ? (
        <Card>
          <SkeletonRows rows={10} label="Loading audit events" retry={retryProgress(result)} />
        </Card>
      ) : result.isError && !result.data ? (
        <Card>
          <QueryErrorState query={result} title="The audit trail could not be loaded" />
        </Card>
      ) : events.length === 0 ? (
        <AuditEmpty view={view} go={go} />
      ) : (
        <Card flush title="Events, newest first">
          <CursorPager
            label="Pages"
            live
            range={range}
            hasNext={Boolean(nextCursor)}
            busy={result.isFetching}
            loading={loadingPage}
            {...cursorMoves(cursors, nextCursor, (stack) => go({ filters, cursors: stack }))}
          />
          <div
            className={loadingPage ? 'audit-results audit-results--loading' : 'audit-results'}
            aria-busy={loadingPage || undefined}
          >
            <AuditTable events={events} caption={`Audit events, page ${cursors.length + 1}`} />
          </div>
        </Card>
      )}
    </>
  );
}

function AuditEmpty({ view, go }: { view: AuditView; go: (next: AuditView) => void }) {
  const { filters, cursors } = view;
  const filtered = Boolean(filters.operator || filters.action || filters.from || filters.to);
  return (
    <Card>
      {cursors.length > 0 ? (
        <PastLastPage
          title="No more events"
          onPrevious={() => go({ filters, cursors: popCursor(cursors) })}
        />
      ) : filtered ? (
        <EmptyState title="No events match these filters">
          Widen the time range, choose “Every action”, or clear the operator; “Clear filters” shows
          the whole trail.
        </EmptyState>
      ) : (
        <EmptyState title="No events yet">
          Every address save and withdrawal submit made through this console will appear here.
        </EmptyState>
      )}
    </Card>
  );
}
