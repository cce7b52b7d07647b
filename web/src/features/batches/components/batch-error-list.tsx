import type { BatchError } from '#contract/batch-file';
import { Button } from '#web/components/ui/button';

interface BatchErrorListProps {
  errors: readonly BatchError[];
  /** The row each line belongs to, when it can be dropped (the BFF's batch, a draft). */
  rowOfLine?: (line: number) => number | undefined;
  onDrop?: (row: number) => void;
  busyRow?: number | undefined;
}

/** The file's errors by line and column, each row with "Drop this row" when it can be dropped. */
export function BatchErrorList({ errors, rowOfLine, onDrop, busyRow }: BatchErrorListProps) {
  const byLine = new Map<number, BatchError[]>();
  for (const e of errors) byLine.set(e.line, [...(byLine.get(e.line) ?? []), e]);
  return (
    <ul className="batch-errors" aria-label="Validation errors">
      {[...byLine].map(([line, lineErrors]) => {
        const row = rowOfLine?.(line);
        return (
          <li key={line} className="batch-errors__line">
            <strong>Line {line}</strong>
            <ul>
              {lineErrors.map((e, i) => (
                <li key={i}>
                  {e.column ? <span className="mono">{e.column}</span> : 'row'}: {e.message}
                </li>
              ))}
            </ul>
            {row !== undefined && onDrop && (
              <Button
                size="small"
                busy={busyRow === row}
                onClick={() => onDrop(row)}
                // The visible words first (WCAG 2.5.3): the line tells the buttons apart.
                aria-label={`Drop this row (line ${line})`}
              >
                Drop this row
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
