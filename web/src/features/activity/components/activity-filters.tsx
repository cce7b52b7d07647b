import { TRANSFER_LIST_STATUSES, TRANSFER_TYPES, type ListActivityQuery } from '#contract/activity';
import { Button } from '#web/components/ui/button';
import { isoToLocal, localToIso } from '../lib/activity-url';

interface ActivityFiltersProps {
  filters: ListActivityQuery;
  onApply: (next: URLSearchParams) => void;
}

/** The service's published filters; applying them starts again at the first page. */
export function ActivityFilters({ filters, onApply }: ActivityFiltersProps) {
  const chosenType = filters.type?.[0] ?? '';
  // A type in the URL the list does not know yet (the service adds types) is still offered.
  const types =
    TRANSFER_TYPES.includes(chosenType as never) || !chosenType
      ? TRANSFER_TYPES
      : [chosenType, ...TRANSFER_TYPES];
  return (
    <form
      className="activity-filters"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const next = new URLSearchParams();
        for (const key of ['profile_id', 'type', 'status', 'order'] as const) {
          const value = String(form.get(key) ?? '').trim();
          if (value) next.set(key, value);
        }
        for (const key of ['created_from', 'created_to'] as const) {
          const value = localToIso(String(form.get(key) ?? ''));
          if (value) next.set(key, value);
        }
        onApply(next);
      }}
    >
      <label>
        Profile id
        <input name="profile_id" defaultValue={filters.profile_id ?? ''} />
      </label>
      <label>
        Type
        <select name="type" defaultValue={chosenType}>
          <option value="">Every type</option>
          {types.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </select>
      </label>
      <label>
        Status
        <select name="status" defaultValue={filters.status ?? ''}>
          <option value="">Every status</option>
          {TRANSFER_LIST_STATUSES.map((status) => (
            <option key={status}>{status}</option>
          ))}
        </select>
      </label>
      <label>
        Created from (UTC)
        <input
          name="created_from"
          type="datetime-local"
          defaultValue={isoToLocal(filters.created_from)}
        />
      </label>
      <label>
        Created before (UTC)
        <input
          name="created_to"
          type="datetime-local"
          defaultValue={isoToLocal(filters.created_to)}
        />
      </label>
      <label>
        Order
        <select name="order" defaultValue={filters.order ?? 'desc'}>
          <option value="desc">Newest first</option>
          <option value="asc">Oldest first</option>
        </select>
      </label>
      <Button type="submit" variant="primary">
        Apply filters
      </Button>
    </form>
  );
}
