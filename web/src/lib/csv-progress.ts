// Counts the records of a CSV as it streams in, and reads the BFF's status line at the end:
// `# export complete: N rows` or `# export partial: N rows, because <reason>`. Quoted fields may
// hold line breaks (RFC 4180), so records are split outside quotes only.

export type CsvExportOutcome =
  | { kind: 'complete'; rows: number; serverRows: number }
  | { kind: 'partial'; rows: number; serverRows: number; reason: string }
  /** The stream ended without a status line: the file may be cut short. */
  | { kind: 'unterminated'; rows: number };

const COMPLETE = /^# export complete: (\d+) rows?\s*$/;
const PARTIAL = /^# export partial: (\d+) rows?, because (.*)$/;

type CsvStatusLine =
  { kind: 'complete'; rows: number } | { kind: 'partial'; rows: number; reason: string };

/** Reads a status line; undefined when the line is data, not a status line. */
export function parseCsvStatusLine(line: string): CsvStatusLine | undefined {
  const trimmed = line.replace(/\r$/, '');
  const complete = COMPLETE.exec(trimmed);
  if (complete) return { kind: 'complete', rows: Number(complete[1]) };
  const partial = PARTIAL.exec(trimmed);
  if (partial) return { kind: 'partial', rows: Number(partial[1]), reason: partial[2]!.trim() };
  return undefined;
}

export class CsvProgress {
  private pending = '';
  private headerSeen = false;
  private status: CsvStatusLine | undefined;
  /** The file as received, without the status line (a spreadsheet would read it as a row). */
  private readonly kept: string[] = [];
  rows = 0;

  /** Feeds decoded text; returns the data rows counted so far (the header excluded). */
  push(chunk: string): number {
    const text = this.pending + chunk;
    let start = 0;
    let inQuotes = false;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 34 /* " */) inQuotes = !inQuotes;
      else if (code === 10 /* \n */ && !inQuotes) {
        this.record(text.slice(start, i + 1));
        start = i + 1;
      }
    }
    this.pending = text.slice(start);
    return this.rows;
  }

  /**
   * Ends the stream: the last record may lack its line break. `expectStatusLine: false` is for
   * exports that end without a status line (a stream that closes normally is then complete).
   */
  finish(expectStatusLine = true): { outcome: CsvExportOutcome; text: string } {
    if (this.pending !== '') {
      this.record(this.pending);
      this.pending = '';
    }
    const status = this.status;
    const outcome: CsvExportOutcome = !status
      ? expectStatusLine
        ? { kind: 'unterminated', rows: this.rows }
        : { kind: 'complete', rows: this.rows, serverRows: this.rows }
      : status.kind === 'complete'
        ? { kind: 'complete', rows: this.rows, serverRows: status.rows }
        : { kind: 'partial', rows: this.rows, serverRows: status.rows, reason: status.reason };
    return { outcome, text: this.kept.join('') };
  }

  private record(raw: string): void {
    const line = raw.replace(/\r?\n$/, '');
    if (line === '') return;
    if (!this.headerSeen) {
      this.headerSeen = true;
      this.kept.push(raw);
      return;
    }
    const status = line.startsWith('#') ? parseCsvStatusLine(line) : undefined;
    if (status) {
      this.status = status;
      return;
    }
    this.rows += 1;
    this.kept.push(raw);
  }
}
