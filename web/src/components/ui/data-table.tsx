import { memo, startTransition, useEffect, useState, type ReactNode } from 'react';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** 'num' right-aligns figures; 'nowrap' keeps dates on one line. */
  className?: string;
  /** The header in words, for the narrow-screen card layout (defaults to a string header). */
  label?: string;
}

const labelOf = <T,>(column: DataTableColumn<T>) =>
  column.label ?? (typeof column.header === 'string' ? column.header : undefined);

interface DataTableProps<T> {
  /** Says what the table holds (read by screen readers; may be visually hidden). */
  caption: ReactNode;
  captionHidden?: boolean;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Marks a header cell as the row header (the first column by default). */
  rowHeaderKey?: string;
  /** Names the scrollable region for keyboard and screen-reader users (defaults to the caption). */
  label?: string;
}

interface RowProps<T> {
  row: T;
  columns: readonly DataTableColumn<T>[];
  rowHeaderKey: string | undefined;
}

// Each row is memoised on its data: re-rendering a 1000-row page for an unrelated state change
// (a dialog, a toast) costs one shallow comparison per row, not a full cell render.
const Row = memo(function Row<T>({ row, columns, rowHeaderKey }: RowProps<T>) {
  return (
    <tr>
      {columns.map((column) =>
        column.key === rowHeaderKey ? (
          <th
            key={column.key}
            scope="row"
            className={column.className}
            data-label={labelOf(column)}
          >
            {column.cell(row)}
          </th>
        ) : (
          <td key={column.key} className={column.className} data-label={labelOf(column)}>
            {column.cell(row)}
          </td>
        ),
      )}
    </tr>
  );
}) as <T>(props: RowProps<T>) => ReactNode;

/** Rows drawn in a long table's first pass: more than the tallest screen shows at once. */
export const FIRST_PASS_ROWS = 60;

/**
 * A long table (a page of 1,000 statements) is drawn in two passes: the first screenful at once,
 * then, once that is painted, the rest as a transition (React renders it in slices, so typing
 * and clicking stay responsive). Drawn in one pass, the operator looked at an empty table for
 * about two seconds while all 1,000 rows were built and laid out (bench/statements-page-bench.ts).
 * The count only grows: a refetch or another page never takes rows away from under the operator.
 */
function useRowsInPasses<T>(rows: readonly T[]): readonly T[] {
  const [drawn, setDrawn] = useState(FIRST_PASS_ROWS);
  const total = rows.length;
  useEffect(() => {
    if (total <= drawn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The next frame paints the first pass; the rest starts after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setDrawn(total)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [total, drawn]);
  return total <= drawn ? rows : rows.slice(0, drawn);
}

/**
 * A dense, scrollable table; on narrow screens (≤ 720 px) each row becomes a card of
 * label/value lines (app/adaptive.css), so no amount or status is cut off.
 * Columns must be stable (useMemo or module level) for rows to stay memoised.
 */
export function DataTable<T>({
  caption,
  captionHidden,
  columns,
  rows,
  rowKey,
  rowHeaderKey,
  label,
}: DataTableProps<T>) {
  const headerKey = rowHeaderKey ?? columns[0]?.key;
  // The region scrolls sideways on narrow screens: focusable (tabindex 0) and named, so keyboard
  // users can reach and scroll it (axe: scrollable-region-focusable).
  const regionLabel = label ?? (typeof caption === 'string' ? caption : 'Table');
  const drawnRows = useRowsInPasses(rows);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={regionLabel}>
      <table className="data-table">
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {drawnRows.map((row) => (
            <Row key={rowKey(row)} row={row} columns={columns} rowHeaderKey={headerKey} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
