// Cursor pagination keeps a stack of the cursors that led to the current page: page 1 has none,
// page n has n - 1. The stack lives in the URL, so a link reproduces the page and Back works.
// Shared by the statements and audit lists (features do not import each other).

/** The stack for the page after this one. */
export function pushCursor(cursors: readonly string[], next: string): string[] {
  return [...cursors, next];
}

/** The stack for the page before this one (page 1 stays page 1). */
export function popCursor(cursors: readonly string[]): string[] {
  return cursors.slice(0, -1);
}

/**
 * A cursor pager's page number and moves over the stack: `to` shows the page a stack names, and
 * `next` is the cursor the current page gave for the one after it (none: it was the last).
 */
export function cursorMoves(
  cursors: readonly string[],
  next: string | undefined,
  to: (cursors: string[]) => void,
) {
  return {
    page: cursors.length + 1,
    onFirst: () => to([]),
    onPrevious: () => to(popCursor(cursors)),
    onNext: () => {
      if (next) to(pushCursor(cursors, next));
    },
  };
}

/** The cursor to send for the current page; undefined on page 1. */
export function currentCursor(cursors: readonly string[]): string | undefined {
  return cursors[cursors.length - 1];
}

export interface RowRange {
  first: number;
  last: number;
}

/**
 * The 1-based rows a page shows. Every earlier page held exactly `pageSize` rows (the size is part
 * of the filters, and changing a filter starts again from page 1), so the offset is exact.
 */
export function rowRange(
  cursors: readonly string[],
  pageSize: number,
  rowCount: number,
): RowRange | undefined {
  if (rowCount <= 0) return undefined;
  const first = cursors.length * pageSize + 1;
  return { first, last: first + rowCount - 1 };
}

const grouped = (n: number) => n.toLocaleString('en-US');

/** "rows 101 to 200" (or "row 7" for a single row). */
export function describeRowRange(range: RowRange | undefined): string {
  if (!range) return 'no rows';
  if (range.first === range.last) return `row ${grouped(range.first)}`;
  return `rows ${grouped(range.first)} to ${grouped(range.last)}`;
}

/** One page of a cursor walk: its rows and the cursor of the page after it (none: the last). */
interface WalkedPage<T> {
  items: readonly T[];
  next: string | null | undefined;
}

/**
 * Reads pages one after another (the first without a cursor) until one names no next page,
 * `enough` says what was read suffices, or `maxPages` were read: a runaway cursor cannot loop
 * forever. `truncated`: pages were left unread at the cap.
 */
export async function readPages<T>(
  readPage: (cursor: string | undefined) => Promise<WalkedPage<T>>,
  maxPages: number,
  enough?: (page: readonly T[]) => boolean,
): Promise<{ items: T[]; truncated: boolean }> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const answer = await readPage(cursor);
    items.push(...answer.items);
    cursor = answer.next || undefined;
    if (!cursor || enough?.(answer.items)) return { items, truncated: false };
  }
  return { items, truncated: true };
}
