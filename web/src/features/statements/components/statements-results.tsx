import type { UseQueryResult } from '@tanstack/react-query';
import type { ListStatementsResponse, Statement } from '#contract/statements';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { CursorPager, PastLastPage } from '#web/components/ui/cursor-pager';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryErrorState } from '#web/components/ui/error-state';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { cursorMoves, popCursor, rowRange } from '#web/lib/cursor-pages';
import { retryProgress } from '#web/lib/retry-progress';
import { statusLabel } from '../lib/statement-labels';
import type { StatementFilters, StatementsView } from '../lib/statements-url-state';
import { StatementsTable } from './statements-table';

interface StatementsResultsProps {
  /** The URL names a valid customer, so a page of statements is asked for. */
  asked: boolean;
  result: UseQueryResult<ListStatementsResponse>;
  view: StatementsView;
  go: (next: StatementsView) => void;
}

/** What stands below the filters: nothing asked yet, loading, failed, no rows, or a page of them. */
export function StatementsResults({ asked, result, view, go }: StatementsResultsProps) {
  const { filters, cursors } = view;
  const data = result.data;
  const statements = data?.statements ?? [];
  if (!asked) {
    return (
      <Card>
        <EmptyState title="Choose a customer">
          Enter a customer id in the filters above and press “Show statements”. Recent customers are
          offered as you type.
        </EmptyState>
      </Card>
    );
  }
  if (result.isPending) {
    return (
      <Card>
        <SkeletonRows rows={10} label="Loading statements" retry={retryProgress(result)} />
      </Card>
    );
  }
  if (result.isError && !data) {
    return (
      <Card>
        <QueryErrorState query={result} title="The statements could not be loaded" />
        {cursors.length > 0 && (
          <p className="statements-error-action">
            <Button size="small" onClick={() => go({ filters, cursors: [] })}>
              Start again from page 1
            </Button>
          </p>
        )}
      </Card>
    );
  }
  if (statements.length === 0) {
    return (
      <Card>
        {cursors.length > 0 ? (
          <PastLastPage
            title="No more statements"
            onPrevious={() => go({ filters, cursors: popCursor(cursors) })}
          />
        ) : (
          <EmptyState title="No statements match these filters">
            <NoMatchHints filters={filters} />
          </EmptyState>
        )}
      </Card>
    );
  }
  return (
    <Card
      flush
      title={
        <>
          Statements of customer <span className="mono">{filters.customerId}</span>
        </>
      }
    >
      <StatementsPageOfRows result={result} view={view} go={go} statements={statements} />
    </Card>
  );
}

/** One page of rows between its pagers (the bottom one only when the page is long). */
function StatementsPageOfRows({
  result,
  view: { filters, cursors },
  go,
  statements,
}: Omit<StatementsResultsProps, 'asked'> & { statements: Statement[] }) {
  const nextCursor = result.data?.next_page_cursor || undefined;
  const range = result.data ? rowRange(cursors, filters.limit, statements.length) : undefined;
  const loadingPage = result.isFetching && result.isPlaceholderData;
  const pager = (position: 'top' | 'bottom') => (
    <CursorPager
      label={position === 'top' ? 'Pages' : 'Pages (bottom)'}
      live={position === 'top'}
      range={range}
      hasNext={Boolean(nextCursor)}
      busy={result.isFetching}
      loading={loadingPage}
      {...cursorMoves(cursors, nextCursor, (stack) => go({ filters, cursors: stack }))}
    />
  );
  return (
    <>
      {pager('top')}
      <div
        className={
          loadingPage ? 'statements-results statements-results--loading' : 'statements-results'
        }
        aria-busy={loadingPage || undefined}
      >
        <StatementsTable
          statements={statements}
          customerId={filters.customerId}
          caption={`Statements of customer ${filters.customerId}, page ${cursors.length + 1}`}
        />
      </div>
      {statements.length > 25 && pager('bottom')}
    </>
  );
}

/** Says exactly which filters narrowed the list, so the operator knows what to change. */
function NoMatchHints({ filters }: { filters: StatementFilters }) {
  const hints: string[] = [];
  if (filters.statuses.length)
    hints.push(
      `Uncheck the status filter (${filters.statuses.map(statusLabel).join(', ')}) to see every status.`,
    );
  if (filters.refIds.length)
    hints.push(`Check or remove the ${filters.refIds.length} ref id(s): none matched.`);
  if (filters.statementIds.length)
    hints.push(`Check or remove the ${filters.statementIds.length} statement id(s): none matched.`);
  hints.push(
    hints.length
      ? 'If the filters are right, check the customer id.'
      : `Customer ${filters.customerId} has no statements: check the customer id.`,
  );
  return (
    <ul className="statements-hints">
      {hints.map((hint) => (
        <li key={hint}>{hint}</li>
      ))}
    </ul>
  );
}
