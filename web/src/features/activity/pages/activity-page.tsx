import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListActivityQuery } from '#contract/activity';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryErrorState } from '#web/components/ui/error-state';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { saveBlob } from '#web/lib/save-blob';
import { useMe } from '#web/lib/session';
import { transfersPageQuery } from '../api/transfers-page-api';
import { ActivityOff } from '../components/activity-off';
import { ActivityFilters } from '../components/activity-filters';
import { ActivityTable } from '../components/activity-table';
import { ElsewhereAlertsPanel } from '../components/elsewhere-alerts-panel';
import { activityCsv, collectAllActivity } from '../lib/activity-csv';
import { readActivityFilters } from '../lib/activity-url';
import '../activity.css';

const DESCRIPTION =
  'Every transfer the service lists for the account, newest first: deposits, withdrawals and ' +
  'internal moves, whether this console made them or not.';

/** /activity: the service's transfers, filters in the URL, one cursor page at a time. */
export function ActivityPage() {
  const feature = useMe().features.activity;
  if (!feature.enabled)
    return (
      <div className="stack">
        <PageHeader title="Activity" description={DESCRIPTION} />
        <ActivityOff title="Activity is off for this console" reason={feature.reason} />
      </div>
    );
  return <ActivityContent />;
}

function ActivityContent() {
  const [search, setSearch] = useSearchParams();
  const filters = readActivityFilters(search);
  const cursor = search.get('cursor') ?? undefined;
  const result = useQuery(transfersPageQuery({ ...filters, ...(cursor ? { cursor } : {}) }));
  const goTo = (nextCursor: string | undefined) => {
    const next = new URLSearchParams(search);
    if (nextCursor) next.set('cursor', nextCursor);
    else next.delete('cursor');
    setSearch(next);
  };
  const items = result.data?.items ?? [];
  const caption = cursor ? 'Transfers, a later page' : 'Transfers, first page';
  return (
    <div className="stack">
      <PageHeader
        title="Activity"
        description={DESCRIPTION}
        actions={<ExportButton filters={filters} />}
      />
      <ElsewhereAlertsPanel />
      <Card title="Filters">
        <ActivityFilters key={search.toString()} filters={filters} onApply={setSearch} />
      </Card>
      {result.isPending ? (
        <Card>
          <SkeletonRows rows={10} label="Loading transfers" />
        </Card>
      ) : result.isError ? (
        <Card>
          <QueryErrorState query={result} title="The service's transfers could not be loaded" />
        </Card>
      ) : items.length === 0 ? (
        <Card>
          <EmptyState title="No transfers match these filters">
            Clear a filter or widen the dates.
          </EmptyState>
        </Card>
      ) : (
        <Card flush title={caption}>
          <ActivityTable items={items} caption={caption} />
          <div className="activity-pager">
            {cursor && <Button onClick={() => goTo(undefined)}>Back to the first page</Button>}
            {result.data.next_cursor && (
              <Button onClick={() => goTo(result.data.next_cursor)}>Next page</Button>
            )}
          </div>
        </Card>
      )}
    </div>
  );
}

/** Every row matching the filters (all pages, not just this one) as a CSV file. */
function ExportButton({ filters }: { filters: ListActivityQuery }) {
  const client = useQueryClient();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const run = async () => {
    setState('busy');
    try {
      const items = await collectAllActivity(filters, (query) =>
        client.fetchQuery(transfersPageQuery(query)),
      );
      saveBlob(new Blob([activityCsv(items)], { type: 'text/csv;charset=utf-8' }), 'activity.csv');
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button onClick={() => void run()} disabled={state === 'busy'}>
        {state === 'busy' ? 'Exporting…' : 'Export CSV'}
      </Button>
      {state === 'failed' && <span role="alert">The export failed: try again.</span>}
    </>
  );
}
