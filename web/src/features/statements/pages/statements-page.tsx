import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { CsvExportStatus } from '#web/components/ui/csv-export-status';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { isApiError } from '#web/lib/api-error';
import { parseEntityId } from '#web/lib/entity-id';
import { useCsvExport } from '#web/lib/use-csv-export';
import { statementsExportUrl, statementsPageQuery } from '../api/statements-api';
import { StatementsFilters } from '../components/statements-filters';
import { StatementsResults } from '../components/statements-results';
import { readRecentCustomers, rememberCustomer } from '../lib/recent-customers';
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
import { RoleGate } from '#web/shared/roles/role-gate';
import { useMe } from '#web/lib/session';
import { PAGE_INTROS } from '#web/shared/page-intros';

const today = () => new Date().toISOString().slice(0, 10);

// "Payments differ" (every statement and its payments, reconciled) is a view few first loads
// open: its code, the payments schemas and the reconciliation rule load when it is asked for,
// not with the statements page (about 2.5 KB gzip of the first page, bench/bundle-size.ts).
const DifferingStatementsResults = lazy(() =>
  import('../components/differing-statements-results').then((module) => ({
    default: module.DifferingStatementsResults,
  })),
);

/**
 * Statements are the viewer's: an operator without the role who follows a link here is told so
 * (and what they can do instead) rather than shown a form whose every search answers 403.
 */
export function StatementsPage() {
  const me = useMe();
  if (!me.roles.includes('viewer'))
    return (
      <div className="stack statements-page">
        <PageHeader title="Statements" description="Reward statements of one customer." />
        <RoleGate
          roles={['viewer']}
          action="Reading reward statements"
          instead={
            <>
              Your pages are in the menu; <Link to="/policy">the approval policy</Link> is open to
              every operator.
            </>
          }
        >
          {null}
        </RoleGate>
      </div>
    );
  return <StatementsViewerPage />;
}

function StatementsViewerPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const search = searchParams.toString();
  const view = useMemo(() => parseStatementsSearch(new URLSearchParams(search)), [search]);
  const { filters } = view;
  const query = toListQuery(view);
  const [recentCustomers, setRecentCustomers] = useState(readRecentCustomers);
  // The filters part of the URL: when it changes (Back, a link), the form shows it again, and an
  // export of the earlier filters is cleared.
  const filtersKey = statementsSearch({ filters, cursors: [] }).toString();
  const exporter = useCsvExport(filtersKey);

  const result = useQuery({
    ...statementsPageQuery(query),
    // "Payments differ" reads every matching statement itself: no page is asked for then.
    enabled: !filters.paymentsDiffer,
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

  const linkedIdError =
    filters.customerId && query === undefined
      ? parseEntityId(filters.customerId, 'customer id')
      : undefined;
  const serverErrors =
    linkedIdError && !linkedIdError.ok
      ? { customerId: linkedIdError.message }
      : fieldErrorsOf(result.error);

  return (
    <div className="stack statements-page">
      <StatementsHeader filters={filters} exporter={exporter} />
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
      {filters.paymentsDiffer && query !== undefined ? (
        <Suspense
          fallback={
            <Card>
              <SkeletonRows rows={6} label="Reading every statement and payment of the customer" />
            </Card>
          }
        >
          <DifferingStatementsResults filters={filters} />
        </Suspense>
      ) : (
        <StatementsResults asked={query !== undefined} result={result} view={view} go={go} />
      )}
    </div>
  );
}

/**
 * Why Export CSV cannot export as the page stands, and the way forward; undefined when it can.
 * Written in the header beside it (a title shows on hover only: never on a phone).
 */
function whyNoExport(filters: StatementFilters): string | undefined {
  if (!filters.customerId) return 'Export CSV needs a customer: choose one in the filters.';
  if (filters.paymentsDiffer)
    return 'With “Payments differ”, export their payments from the list below.';
  return undefined;
}

/** The page's title and Export CSV, with why it cannot export when it cannot. */
function StatementsHeader({
  filters,
  exporter,
}: {
  filters: StatementFilters;
  exporter: ReturnType<typeof useCsvExport>;
}) {
  const exportBlocked = whyNoExport(filters);
  const reasonId = useId();
  return (
    <PageHeader
      title={PAGE_INTROS.statements.title}
      description={
        <>
          {PAGE_INTROS.statements.description}
          {exportBlocked && (
            <>
              <br />
              <span id={reasonId}>{exportBlocked}</span>
            </>
          )}
        </>
      }
      actions={
        <ExportButton
          filters={filters}
          exporter={exporter}
          reasonId={exportBlocked ? reasonId : undefined}
        />
      }
    />
  );
}

/** Every statement matching the filters, all pages, as a CSV file. */
function ExportButton({
  filters,
  exporter,
  reasonId,
}: {
  filters: StatementFilters;
  exporter: ReturnType<typeof useCsvExport>;
  /** It cannot export as the page stands: the element that says why (whyNoExport). */
  reasonId: string | undefined;
}) {
  const startExport = () => {
    if (!filters.customerId) return;
    void exporter.start(
      statementsExportUrl(toExportQuery(filters)),
      `statements-${filters.customerId}-${today()}.csv`,
    );
  };

  return (
    <Button
      onClick={startExport}
      disabled={reasonId !== undefined}
      busy={exporter.state.status === 'running'}
      aria-describedby={reasonId}
      title={reasonId ? undefined : 'Every statement matching the filters, all pages'}
    >
      Export CSV
    </Button>
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
