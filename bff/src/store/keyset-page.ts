import { decodeCursor, encodeCursor } from './cursor';
import type { Queryable, SqlParam } from './database';

// Newest-first pages by a bigint keyset position (a sequence, an id, a sort key): the filters,
// then the rows before the cursor, one row more than the page to know whether another follows.
// The one way the store pages a list (withdrawals, the audit trail, approval requests).

/** Adds `clause` (given its parameter's placeholder, e.g. `$3`) with its value, ANDed. */
type AddFilter = (clause: (placeholder: string) => string, value: SqlParam) => void;

interface KeysetPageQuery<Row extends object> {
  /** `SELECT … FROM …`: everything before WHERE. */
  select: string;
  /** The SQL expression of the keyset position (bigint), e.g. `withdrawals.seq`. */
  key: string;
  /** A row's position, as text (the key selected `::text`). */
  positionOf: (row: Row) => string;
  limit: number;
  /** From a previous page's next_cursor; InvalidCursorError when it is not one we gave out. */
  cursor?: string | undefined;
  /** The list's own filters, each added with its value. */
  filter?: (add: AddFilter) => void;
}

export async function selectKeysetPage<Row extends object>(
  db: Queryable,
  query: KeysetPageQuery<Row>,
): Promise<{ rows: Row[]; next_cursor?: string }> {
  const where: string[] = [];
  const params: SqlParam[] = [];
  const add: AddFilter = (clause, value) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  query.filter?.(add);
  if (query.cursor !== undefined)
    add((p) => `${query.key} < ${p}::bigint`, decodeCursor(query.cursor));
  params.push(query.limit + 1);
  const rows = await db.query<Row>(
    `${query.select}
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${query.key} DESC LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    rows: page,
    ...(rows.length > query.limit && last
      ? { next_cursor: encodeCursor(query.positionOf(last)) }
      : {}),
  };
}
