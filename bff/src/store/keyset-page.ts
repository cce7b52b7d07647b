import { decodeCursor, encodeCursor } from './cursor';
import type { Queryable, SqlParam } from './database';

// Newest-first pages by a bigint keyset position (a sequence, an id, a sort key): the filters,
// then the rows before the cursor, one row more than the page to know whether another follows.
// The one way the store pages a list (withdrawals, the audit trail, approval requests).

/**
 * Adds `clause` (given its parameters' placeholders, e.g. `$3`, in the order of the values) with
 * its values, ANDed.
 */
export type AddFilter = (
  clause: (...placeholders: string[]) => string,
  ...values: SqlParam[]
) => void;

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
  /**
   * Newest first by a time, then the key, instead of the key alone: for a time range, which an
   * index on (time, key) then reads as one range however far back it lies (ordered by the key
   * alone, the range's rows are found only after every newer row is passed over). The cursor
   * still names a row by its key; `time` is that row's time column, read again from `table`.
   */
  byTime?: { time: string; table: string };
  /**
   * Only the rows whose `column` is one of `values` (the operators a search matched), read value
   * by value: each value's page from an index on (column, the page's order), then the pages
   * merged. A few short index ranges wherever the values' rows lie, where `column = ANY(…)`
   * passes over every newer row of other values, or sorts every row of these (above 32 values,
   * that filter after all: so many values' rows lie everywhere). `table`: the table `select` reads.
   */
  oneOf?: { column: string; values: string[]; table: string };
}

/** The rows after the cursor's row `p` in the page's order. */
function afterCursor(key: string, byTime: KeysetPageQuery<object>['byTime'], p: string): string {
  if (!byTime) return `${key} < ${p}::bigint`;
  const { time, table } = byTime;
  return `(${time}, ${key}) < ((SELECT ${time} FROM ${table} WHERE ${key} = ${p}::bigint), ${p}::bigint)`;
}

/** Above this many values, one filter `column = ANY(…)`: so many rarely all lie far back. */
const ONE_OF_BRANCHES = 32;

/**
 * The page's keys when only rows of `oneOf.values` count: each value's own page (the filters
 * and the cursor, its index range in the page's order), merged and cut to the page. Each value
 * is a parameter of its own branch, so the planner reads that value's statistics: a rare one
 * from its index, however far back its rows lie.
 */
function oneOfPage(
  oneOf: NonNullable<KeysetPageQuery<object>['oneOf']>,
  page: { key: string; byTime: KeysetPageQuery<object>['byTime']; order: string; limit: string },
  where: string[],
  params: SqlParam[],
): string {
  const values = [...new Set(oneOf.values)];
  if (values.length === 0) return 'false';
  if (values.length > ONE_OF_BRANCHES)
    return [`${oneOf.column} = ANY($${params.push(values)}::text[])`, ...where].join(' AND ');
  const time = page.byTime ? `, ${page.byTime.time} AS page_time` : '';
  const branches = values.map((value) => {
    const filters = [`${oneOf.column} = $${params.push(value)}`, ...where].join(' AND ');
    return `(SELECT ${page.key} AS page_key${time} FROM ${oneOf.table}
      WHERE ${filters} ORDER BY ${page.order} ${page.limit})`;
  });
  return `${page.key} IN (
    SELECT one_of_page.page_key FROM (${branches.join(' UNION ALL ')}) AS one_of_page
    ORDER BY ${page.byTime ? 'one_of_page.page_time DESC, ' : ''}one_of_page.page_key DESC
    ${page.limit})`;
}

export async function selectKeysetPage<Row extends object>(
  db: Queryable,
  query: KeysetPageQuery<Row>,
): Promise<{ rows: Row[]; next_cursor?: string }> {
  const where: string[] = [];
  const params: SqlParam[] = [];
  const add: AddFilter = (clause, ...values) => {
    const placeholders = values.map((value) => `$${params.push(value)}`);
    where.push(clause(...placeholders));
  };
  query.filter?.(add);
  if (query.cursor !== undefined)
    add((p) => afterCursor(query.key, query.byTime, p), decodeCursor(query.cursor));
  params.push(query.limit + 1);
  const order = `${query.byTime ? `${query.byTime.time} DESC, ` : ''}${query.key} DESC`;
  const limit = `LIMIT $${params.length}`;
  const shape = { key: query.key, byTime: query.byTime, order, limit };
  const filtered = query.oneOf
    ? `WHERE ${oneOfPage(query.oneOf, shape, where, params)}`
    : where.length
      ? `WHERE ${where.join(' AND ')}`
      : '';
  const rows = await db.query<Row>(
    `${query.select}
      ${filtered}
      ORDER BY ${order}
      ${limit}`,
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
