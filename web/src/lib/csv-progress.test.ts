import { describe, expect, it } from 'vitest';
import { CsvProgress, parseCsvStatusLine } from './csv-progress';

const HEADER = 'id,period_start,total_amount\n';

describe('parseCsvStatusLine', () => {
  it('reads complete and partial lines', () => {
    expect(parseCsvStatusLine('# export complete: 24 rows')).toEqual({
      kind: 'complete',
      rows: 24,
    });
    expect(parseCsvStatusLine('# export complete: 1 row\r')).toEqual({ kind: 'complete', rows: 1 });
    expect(
      parseCsvStatusLine('# export partial: 500 rows, because the upstream timed out'),
    ).toEqual({ kind: 'partial', rows: 500, reason: 'the upstream timed out' });
  });

  it('leaves data alone', () => {
    expect(parseCsvStatusLine('#hashtag,1,2')).toBeUndefined();
    expect(parseCsvStatusLine('abc,def')).toBeUndefined();
  });
});

describe('CsvProgress', () => {
  it('counts rows across chunk boundaries, header excluded', () => {
    const progress = new CsvProgress();
    expect(progress.push('id,period')).toBe(0);
    expect(progress.push('_start,total\ns1,2024-01-01,1')).toBe(0);
    expect(progress.push('0.5\ns2,2024-02-01,3\r\ns3,')).toBe(2);
    expect(progress.push('2024-03-01,4\n# export complete: 3 rows\n')).toBe(3);
    const { outcome, text } = progress.finish();
    expect(outcome).toEqual({ kind: 'complete', rows: 3, serverRows: 3 });
    // The status line is not part of the saved file.
    expect(text).toBe(
      'id,period_start,total\ns1,2024-01-01,10.5\ns2,2024-02-01,3\r\ns3,2024-03-01,4\n',
    );
  });

  it('does not split a record on a line break inside quotes', () => {
    const progress = new CsvProgress();
    progress.push(HEADER + 's1,"line one\nline two",1\n"s""2",x,2\n');
    progress.push('# export complete: 2 rows');
    const { outcome } = progress.finish();
    expect(outcome).toEqual({ kind: 'complete', rows: 2, serverRows: 2 });
  });

  it('reports a partial export with its reason', () => {
    const progress = new CsvProgress();
    progress.push(
      HEADER + 'a,b,1\nb,c,2\n# export partial: 2 rows, because the upstream answered 503\n',
    );
    expect(progress.finish().outcome).toEqual({
      kind: 'partial',
      rows: 2,
      serverRows: 2,
      reason: 'the upstream answered 503',
    });
  });

  it('flags a stream that ended without its status line', () => {
    const progress = new CsvProgress();
    progress.push(HEADER + 'a,b,1\nb,c,2');
    expect(progress.finish().outcome).toEqual({ kind: 'unterminated', rows: 2 });
  });

  it('keeps the server count when it disagrees with what arrived', () => {
    const progress = new CsvProgress();
    progress.push(HEADER + 'a,b,1\n# export complete: 2 rows\n');
    expect(progress.finish().outcome).toEqual({ kind: 'complete', rows: 1, serverRows: 2 });
  });

  it('counts nothing for a header-only export', () => {
    const progress = new CsvProgress();
    progress.push(HEADER + '# export complete: 0 rows\n');
    expect(progress.finish().outcome).toEqual({ kind: 'complete', rows: 0, serverRows: 0 });
  });
});

describe('CsvProgress without a status line', () => {
  it('treats a normally closed stream as complete when no status line is expected', () => {
    const progress = new CsvProgress();
    progress.push(HEADER + 'a,b,1\nb,c,2\n');
    expect(progress.finish(false).outcome).toEqual({ kind: 'complete', rows: 2, serverRows: 2 });
  });
});
