// The one line numbering of a CSV file's records, for every file the console reads (batch
// withdrawals, address files) on either side: an error names the line an operator's editor shows.

const lineBreaks = (cell: string) => cell.match(/\r\n|\r|\n/g)?.length ?? 0;

/**
 * A counter fed every record of a file in order, blank ones included (papaparse with
 * skipEmptyLines off, step by step or streamed): it answers the line each record starts on.
 * A blank line is a line; a quoted cell that spans lines moves the next record down by its line
 * breaks.
 */
export function csvLineCounter(): (cells: readonly string[]) => number {
  let next = 1;
  return (cells) => {
    const line = next;
    next += 1 + cells.reduce((breaks, cell) => breaks + lineBreaks(cell), 0);
    return line;
  };
}
