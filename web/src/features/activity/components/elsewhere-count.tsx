import { useQuery } from '@tanstack/react-query';
import { elsewhereAlertsQuery } from '../api/elsewhere-alerts-api';
import { activityNavName } from '../lib/origin-label';

/** The unacknowledged "made elsewhere" count, polled every 30 s (0 until the first answer). */
function useElsewhereCount(): number {
  const alerts = useQuery(elsewhereAlertsQuery());
  return alerts.data?.unacknowledged ?? 0;
}

/**
 * The Activity nav link's content: the label and, when alerts wait, a badge. The link's
 * accessible name is set whole ("Activity, 2 alerts"): pieces in spans are read with stray spaces.
 */
function ActivityNavLabel({ count }: { count: number }) {
  return (
    <>
      Activity
      {count > 0 && (
        <span className="nav-count" aria-hidden="true">
          {count}
        </span>
      )}
    </>
  );
}

/** The props a nav link to /activity takes: its content and its accessible name. */
export function useActivityNavLink() {
  const count = useElsewhereCount();
  return { 'aria-label': activityNavName(count), children: <ActivityNavLabel count={count} /> };
}
