import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvLineCounter } from './csv-lines';
import { readBatchCsv } from './batch-file';

// Line 1 header, 2 blank, 3-4 one record with a quoted line break, 5 a record, 6 blank, 7 last.
const FILE = 'a,b\r\n\r\n1,"x\r\ny"\r\n2,3\r\n\r\n4,5\r\n';

describe('csvLineCounter', () => {
  it('gives each record the line it starts on, blank lines and quoted breaks counted', () => {
    const lineOf = csvLineCounter();
    const lines: number[] = [];
    Papa.parse<string[]>(FILE, { delimiter: ',', step: ({ data }) => lines.push(lineOf(data)) });
    expect(lines.slice(0, 6)).toEqual([1, 2, 3, 5, 6, 7]);
  });

  it('numbers a streamed file (the address import) as the step reader (the batch file) does', async () => {
    const lineOf = csvLineCounter();
    const streamed: number[] = [];
    const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter: ',', skipEmptyLines: false });
    const done = new Promise((resolve) => parser.on('end', resolve));
    parser.on('data', (cells: string[]) => {
      if (cells.some((c) => c.trim() !== '')) streamed.push(lineOf(cells));
      else lineOf(cells);
    });
    parser.end(FILE);
    await done;
    const batch = readBatchCsv(FILE.replace('a,b', 'profile,asset'), Papa.parse);
    expect(streamed).toEqual([1, 3, 5, 7]);
    expect(batch.records.map((r) => r.line)).toEqual([3, 5, 7]);
  });

  it('a lone CR or LF inside a cell is one line break too', () => {
    const lineOf = csvLineCounter();
    expect([lineOf(['x\ny']), lineOf(['a\rb\r\nc']), lineOf([''])]).toEqual([1, 3, 6]);
  });
});
