import { ListActivityQuerySchema, type ListActivityQuery } from '#contract/activity';

/** The filters the Activity URL carries (type and status may repeat); the cursor is kept apart. */
const ACTIVITY_FILTER_KEYS = [
  'profile_id',
  'type',
  'status',
  'created_from',
  'created_to',
  'order',
] as const;

/** The URL's filters as the API's query; a filter that does not parse is left out, not sent. */
export function readActivityFilters(search: URLSearchParams): ListActivityQuery {
  const filters: ListActivityQuery = {};
  for (const key of ACTIVITY_FILTER_KEYS) {
    const values = search.getAll(key).filter(Boolean);
    if (values.length === 0) continue;
    const parsed = ListActivityQuerySchema.safeParse({
      [key]: key === 'type' || key === 'status' ? values : values[0],
    });
    if (parsed.success) Object.assign(filters, parsed.data);
  }
  return filters;
}

/** A datetime-local value (read as UTC) as an ISO timestamp; '' stays absent. */
export const localToIso = (value: string) => (value ? `${value.slice(0, 16)}:00.000Z` : '');

/** An ISO timestamp as a datetime-local value in UTC. */
export const isoToLocal = (value: string | undefined) =>
  value ? new Date(value).toISOString().slice(0, 16) : '';
