import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  RECONCILIATION_DEFAULT_DAYS,
  ReconciliationQuerySchema,
  type ReconciliationGroup,
  type ReconciliationResponse,
} from '#contract/activity';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { DateTime } from '#web/components/ui/date-time';
import { QueryErrorState } from '#web/components/ui/error-state';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { useMe } from '#web/lib/session';
import { reconciliationQuery } from '../api/reconciliation-api';
import { ActivityOff } from '../components/activity-off';
import { ReconciliationRowLine } from '../components/reconciliation-row';
import { UtcTimeInput } from '../components/utc-time-input';
import { localToIso } from '../lib/activity-url';
import '../activity.css';

const GROUPS: readonly { key: ReconciliationGroup; title: string }[] = [
  { key: 'matched', title: 'Matched' },
  { key: 'service_only', title: 'At the service only' },
  { key: 'ledger_only', title: 'In the ledger only' },
  { key: 'status_differs', title: 'Status differs' },
];

const DESCRIPTION =
  "The service's transfers against this console's ledger, for a window (the last " +
  `${RECONCILIATION_DEFAULT_DAYS} days unless chosen).`;

/** The URL's window; a bound that does not parse is left to the BFF's default. */
function readWindow(search: URLSearchParams) {
  const read = (key: 'from' | 'to') => {
    const parsed = ReconciliationQuerySchema.safeParse({ [key]: search.get(key) ?? undefined });
    return parsed.success ? parsed.data[key] : undefined;
  };
  return { from: read('from'), to: read('to') };
}

/** /reconciliation: four groups with their counts, each row leading to its transfer or ledger record. */
export function ReconciliationPage() {
  const feature = useMe().features.activity;
  return (
    <div className="stack">
      <PageHeader title="Reconciliation" description={DESCRIPTION} />
      {feature.enabled ? (
        <ReconciliationContent />
      ) : (
        <ActivityOff title="Reconciliation is off for this console" reason={feature.reason} />
      )}
    </div>
  );
}

function ReconciliationContent() {
  const [search, setSearch] = useSearchParams();
  const { from, to } = readWindow(search);
  const result = useQuery(reconciliationQuery(from, to));
  return (
    <>
      <Card title="Window">
        <form
          key={search.toString()}
          className="activity-filters"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const next = new URLSearchParams();
            for (const key of ['from', 'to'] as const) {
              const value = localToIso(String(form.get(key) ?? ''));
              if (value) next.set(key, value);
            }
            setSearch(next);
          }}
        >
          <UtcTimeInput name="from" label="From (UTC)" value={from} />
          <UtcTimeInput name="to" label="To (UTC)" value={to} />
          <Button type="submit" variant="primary">
            Reconcile
          </Button>
        </form>
      </Card>
      {result.isPending ? (
        <Card>
          <SkeletonRows rows={8} label="Reconciling" />
        </Card>
      ) : result.isError ? (
        <Card>
          <QueryErrorState query={result} title="The reconciliation could not be made" />
        </Card>
      ) : (
        <ReconciliationGroups data={result.data} />
      )}
    </>
  );
}

function ReconciliationGroups({ data }: { data: ReconciliationResponse }) {
  return (
    <>
      <p>
        From <DateTime value={data.from} rawTitle /> to <DateTime value={data.to} rawTitle />,
        checked <DateTime value={data.checked_at} rawTitle />.
        {data.truncated && ' Long lists show their first rows only; the counts are whole.'}
      </p>
      {GROUPS.map(({ key, title }) => {
        const rows = data[key];
        return (
          <Card key={key} title={`${title}: ${data.counts[key]}`}>
            {rows.length === 0 ? (
              <p>None.</p>
            ) : (
              <ul aria-label={title}>
                {rows.map((row, index) => (
                  <ReconciliationRowLine
                    key={row.transfer?.id ?? row.ledger?.ref_id ?? index}
                    row={row}
                  />
                ))}
              </ul>
            )}
          </Card>
        );
      })}
    </>
  );
}
