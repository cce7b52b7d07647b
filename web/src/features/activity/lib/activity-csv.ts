import type { ActivityItem, ListActivityQuery, ListActivityResponse } from '#contract/activity';
import { readPages } from '#web/lib/cursor-pages';
import { csvCell } from '#contract/csv-cell';

/** Pages walked at most for one export: a runaway cursor cannot loop forever. */
const MAX_PAGES = 1000;

/** Every row matching the filters: page after page until next_cursor is empty. */
export async function collectAllActivity(
  query: ListActivityQuery,
  fetchPage: (query: ListActivityQuery) => Promise<ListActivityResponse>,
): Promise<ActivityItem[]> {
  const { items, truncated } = await readPages(async (cursor) => {
    const answer = await fetchPage({ ...query, cursor });
    return { items: answer.items, next: answer.next_cursor };
  }, MAX_PAGES);
  if (truncated)
    throw new Error(`The export stopped after ${MAX_PAGES} pages: narrow the filters.`);
  return items;
}

const COLUMNS = [
  'created_at',
  'type',
  'direction',
  'asset',
  'amount',
  'fee',
  'status',
  'crypto_network',
  'destination_address',
  'crypto_tx_hash',
  'id',
] as const;

/** The rows as CSV; money stays the service's decimal strings, unknown values as they came. */
export function activityCsv(items: readonly ActivityItem[]): string {
  const header = [...COLUMNS, 'ref_id', 'origin', 'initiator', 'approvers'];
  const lines = items.map((item) => {
    const record = item.transfer as Record<string, unknown>;
    return [
      ...COLUMNS.map((column) => csvCell(record[column])),
      csvCell(item.console?.ref_id ?? record.ref_id),
      csvCell(item.origin),
      csvCell(item.console?.initiator),
      csvCell(item.console?.approvers.join('; ')),
    ].join(',');
  });
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
