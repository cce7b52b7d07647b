import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { CsvExportStatus } from '#web/components/ui/csv-export-status';
import { EmptyState } from '#web/components/ui/empty-state';
import { ErrorState } from '#web/components/ui/error-state';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { retryProgress } from '#web/lib/retry-progress';
import { isApiError } from '#web/lib/api-error';
import { parseEntityId } from '#web/lib/entity-id';
import { popCursor, pushCursor, rowRange } from '#web/lib/cursor-pages';
import { useCsvExport } from '#web/lib/use-csv-export';
import { statementsExportUrl, statementsPageQuery } from '../api/statements-api';
import { CursorPager } from '#web/components/ui/cursor-pager';
import { StatementsFilters } from '../components/statements-filters';
import { StatementsTable } from '../components/statements-table';
import { readRecentCustomers, rememberCustomer } from '../lib/recent-customers';
import { statusLabel } from '../lib/statement-labels';
import {
  draftFieldOf,
  parseStatementsSearch,
  statementsSearch,
  toExportQuery,
  toListQuery,
  type FilterDraftField,
  type StatementFilters,
  type StatementsView,
} from '../lib/statements-url-state';
import '../statements.css';

const today = () => new Date().toISOString().slice(0, 10);

export function StatementsPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const search = searchParams.toString();
  const view = useMemo(() => parseStatementsSearch(new URLSearchParams(search)), [search]);
  const { filters, cursors } = view;
  const query = toListQuery(view);
  const [recentCustomers, setRecentCustomers] = useState(readRecentCustomers);
  const exporter = useCsvExport();

  const result = useQuery({
    ...statementsPageQuery(query ?? { customer_id: '' }),
    enabled: query !== undefined,
  });

  // A customer whose statements loaded is worth offering again next time.
  const loadedCustomer = result.isSuccess && !result.isPlaceholderData ? filters.customerId : '';
  useEffect(() => {
    if (loadedCustomer) setRecentCustomers(rememberCustomer(loadedCustomer));
  }, [loadedCustomer]);

  const go = (next: StatementsView) => {
    const nextSearch = statementsSearch(next).toString();
    navigate(nextSearch ? `?${nextSearch}` : '.');
  };
  const apply = (nextFilters: StatementFilters) => go({ filters: nextFilters, cursors: [] });

  // The filters part of the URL: when it changes (Back, a link), the form shows it again.
  const filtersKey = statementsSearch({ filters, cursors: [] }).toString();
  const linkedIdError =
    filters.customerId && query === undefined
      ? parseEntityId(filters.customerId, 'customer id')
      : undefined;
  const serverErrors =
    linkedIdError && !linkedIdError.ok
      ? { customerId: linkedIdError.message }
      : fieldErrorsOf(result.error);

  const data = result.data;
  const statements = data?.statements ?? [];
  const nextCursor = data?.next_page_cursor || undefined;
  const range = data ? rowRange(cursors, filters.limit, statements.length) : undefined;
  const loadingPage = result.isFetching && result.isPlaceholderData;

  const startExport = () => {
    if (!filters.customerId) return;
    void exporter.start(
      statementsExportUrl(toExportQuery(filters)),
      `statements-${filters.customerId}-${today()}.csv`,
    );
  };

  const pager = (position: 'top' | 'bottom') => (
    <CursorPager
      label={position === 'top' ? 'Pages' : 'Pages (bottom)'}
      live={position === 'top'}
      page={cursors.length + 1}
      range={range}
      hasNext={Boolean(nextCursor)}
      busy={result.isFetching}
      loading={loadingPage}
      onFirst={() => go({ filters, cursors: [] })}
      onPrevious={() => go({ filters, cursors: popCursor(cursors) })}
      onNext={() => nextCursor && go({ filters, cursors: pushCursor(cursors, nextCursor) })}
    />
  );

  return (
    <div className="stack statements-page">
      <PageHeader
        title="Statements"
        description="Reward statements of one customer, read from the upstream. Amounts are exact decimals; times are UTC (hover for local time)."
        actions={
          <Button
            onClick={startExport}
            disabled={!filters.customerId}
            busy={exporter.state.status === 'running'}
            title={
              filters.customerId
                ? 'Every statement matching the filters, all pages'
                : 'Choose a customer first'
            }
          >
            Export CSV
          </Button>
        }
      />
      <Card>
        <StatementsFilters
          filters={filters}
          filtersKey={filtersKey}
          recentCustomers={recentCustomers}
          serverErrors={serverErrors}
          onApply={apply}
        />
      </Card>
      <CsvExportStatus
        state={exporter.state}
        onCancel={exporter.cancel}
        onDismiss={exporter.reset}
      />
      {!query ? (
        <Card>
          <EmptyState title="Choose a customer">
            Enter a customer id in the filters above and press “Show statements”. Recent customers
            are offered as you type.
          </EmptyState>
        </Card>
      ) : result.isPending ? (
        <Card>
          <SkeletonRows rows={10} label="Loading statements" retry={retryProgress(result)} />
        </Card>
      ) : result.isError && !data ? (
        <Card>
          <ErrorState
            error={result.error}
            title="The statements could not be loaded"
            onRetry={() => void result.refetch()}
            retrying={result.isFetching}
          />
          {cursors.length > 0 && (
            <p className="statements-error-action">
              <Button size="small" onClick={() => go({ filters, cursors: [] })}>
                Start again from page 1
              </Button>
            </p>
          )}
        </Card>
      ) : statements.length === 0 ? (
        <Card>
          {cursors.length > 0 ? (
            <EmptyState
              title="No more statements"
              action={
                <Button onClick={() => go({ filters, cursors: popCursor(cursors) })}>
                  Previous page
                </Button>
              }
            >
              The previous page was the last one for these filters.
            </EmptyState>
          ) : (
            <EmptyState title="No statements match these filters">
              <NoMatchHints filters={filters} />
            </EmptyState>
          )}
        </Card>
      ) : (
        <Card
          flush
          title={
            <>
              Statements of customer <span className="mono">{filters.customerId}</span>
            </>
          }
        >
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
        </Card>
      )}
    </div>
  );
}

/** Field errors of a 400 for the current filters, shown beside the fields they concern. */
function fieldErrorsOf(error: unknown): Partial<Record<FilterDraftField, string>> | undefined {
  if (!isApiError(error) || error.status !== 400) return undefined;
  const errors: Partial<Record<FilterDraftField, string>> = {};
  for (const fieldError of error.fieldErrors) {
    const field = draftFieldOf(fieldError.path);
    if (field && !errors[field]) errors[field] = fieldError.message;
  }
  return Object.keys(errors).length ? errors : undefined;
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
