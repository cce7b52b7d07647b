// What a bench section reports, and how the run prints it. bench/ledger-bench.ts (owned by the
// ledger) exports `runLedgerBench(): Promise<BenchSection>`; run.ts prints whatever it returns.

export interface BenchSection {
  title: string;
  /** One row per line of the table; the first row's keys are the columns. */
  rows: Array<Record<string, string | number>>;
  /** Lines printed under the table (targets met or missed, how to read it). */
  notes?: string[];
}

export function formatTable(rows: Array<Record<string, string | number>>): string {
  if (rows.length === 0) return '(no rows)';
  const columns = Object.keys(rows[0]!);
  const cells = rows.map((row) => columns.map((c) => String(row[c] ?? '')));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) =>
    `| ${values.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(columns),
    `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...cells.map(line),
  ].join('\n');
}

export function printSection(section: BenchSection): void {
  console.log(`\n## ${section.title}\n`);
  console.log(formatTable(section.rows));
  for (const note of section.notes ?? []) console.log(note);
}
