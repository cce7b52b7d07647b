import { TRANSFER_LIST_STATUSES, TRANSFER_TYPES, type ListActivityQuery } from '#contract/activity';
import { Button } from '#web/components/ui/button';
import { CheckboxField } from '#web/components/ui/checkbox-field';
import { localToIso } from '../lib/activity-url';
import { UtcTimeInput } from './utc-time-input';

interface ActivityFiltersProps {
  filters: ListActivityQuery;
  onApply: (next: URLSearchParams) => void;
}

/** Checkboxes for a filter the service takes repeated: none ticked is every value. */
function Choices({
  name,
  legend,
  values,
  chosen,
}: {
  name: 'type' | 'status';
  legend: string;
  values: readonly string[];
  chosen: readonly string[];
}) {
  return (
    <fieldset className="activity-choices">
      <legend>{legend}</legend>
      {values.map((value) => (
        <CheckboxField
          key={value}
          name={name}
          value={value}
          label={value}
          defaultChecked={chosen.includes(value)}
        />
      ))}
    </fieldset>
  );
}

/** The service's published filters; applying them starts again at the first page. */
export function ActivityFilters({ filters, onApply }: ActivityFiltersProps) {
  const chosenTypes = filters.type ?? [];
  const chosenStatuses = filters.status ?? [];
  // A type in the URL the list does not know yet (the service adds types) is still offered.
  const types = [
    ...chosenTypes.filter((type) => !TRANSFER_TYPES.includes(type as never)),
    ...TRANSFER_TYPES,
  ];
  return (
    <form
      className="activity-filters"
      aria-label="Activity filters"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const next = new URLSearchParams();
        const profile = String(form.get('profile_id') ?? '').trim();
        if (profile) next.set('profile_id', profile);
        // Repeated in the URL as the service takes them: any of the ticked values.
        for (const key of ['type', 'status'] as const)
          for (const value of form.getAll(key)) next.append(key, String(value));
        next.set('order', String(form.get('order') ?? 'desc'));
        for (const key of ['created_from', 'created_to'] as const) {
          const value = localToIso(String(form.get(key) ?? ''));
          if (value) next.set(key, value);
        }
        onApply(next);
      }}
    >
      <p className="muted small activity-filters__hint">
        Type and status: tick several to see any of them; none ticked shows every one.
      </p>
      <label>
        Profile id
        <input name="profile_id" defaultValue={filters.profile_id ?? ''} />
      </label>
      <Choices
        name="status"
        legend="Status"
        values={TRANSFER_LIST_STATUSES}
        chosen={chosenStatuses}
      />
      <details className="activity-types" open={chosenTypes.length > 0}>
        <summary>Type: {chosenTypes.length > 0 ? chosenTypes.join(', ') : 'every type'}</summary>
        <Choices name="type" legend="Type" values={types} chosen={chosenTypes} />
      </details>
      <UtcTimeInput name="created_from" label="Created from (UTC)" value={filters.created_from} />
      <UtcTimeInput name="created_to" label="Created before (UTC)" value={filters.created_to} />
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
