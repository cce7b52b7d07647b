import { beforeAll, describe, expect, it } from 'vitest';
import { InvalidCursorError } from './cursor';
import { selectKeysetPage } from './keyset-page';
import { ALL_BACKENDS, skipWithoutServer, storeForSuite } from './testing/test-stores';

interface Row {
  seq: string;
  colour: string;
}

describe.each(ALL_BACKENDS)('keyset pages on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const store = storeForSuite(backend, 'test_keyset_page');
  beforeAll(async () => {
    await store.db.exec(`CREATE TABLE paged (seq bigint PRIMARY KEY, colour text NOT NULL)`);
    // seq 1..12, past 9 so that text order (10 < 9) would show; every third one blue.
    const values = Array.from(
      { length: 12 },
      (_, i) => `(${i + 1}, '${i % 3 === 0 ? 'blue' : 'red'}')`,
    );
    await store.db.exec(`INSERT INTO paged VALUES ${values.join(', ')}`);
  });

  const page = (limit: number, cursor?: string, colour?: string) =>
    selectKeysetPage<Row>(store.db, {
      select: 'SELECT seq::text AS seq, colour FROM paged',
      key: 'paged.seq',
      positionOf: (row) => row.seq,
      limit,
      cursor,
      filter: (add) => {
        if (colour !== undefined) add((p) => `colour = ${p}`, colour);
      },
    });

  it('pages newest first, numerically, with a cursor while more rows follow', async () => {
    const first = await page(5);
    expect(first.rows.map((r) => r.seq)).toEqual(['12', '11', '10', '9', '8']);
    const second = await page(5, first.next_cursor);
    expect(second.rows.map((r) => r.seq)).toEqual(['7', '6', '5', '4', '3']);
    const last = await page(5, second.next_cursor);
    expect(last.rows.map((r) => r.seq)).toEqual(['2', '1']);
    expect(last.next_cursor).toBeUndefined();
    // A page that ends exactly at the last row says so: no cursor to an empty page.
    expect((await page(12)).next_cursor).toBeUndefined();
    expect((await page(11)).next_cursor).toBeDefined();
  });

  it('applies the filters with their own parameters, before the cursor', async () => {
    const first = await page(2, undefined, 'blue');
    expect(first.rows).toEqual([
      { seq: '10', colour: 'blue' },
      { seq: '7', colour: 'blue' },
    ]);
    const rest = await page(2, first.next_cursor, 'blue');
    expect(rest.rows.map((r) => r.seq)).toEqual(['4', '1']);
    expect(rest.next_cursor).toBeUndefined();
  });

  it('refuses a cursor it did not give out', async () => {
    await expect(page(5, 'not-a-cursor')).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it('byTime: newest first by time, then the key, the cursor naming a row by its key', async () => {
    await store.db.exec(`CREATE TABLE timed (id bigint PRIMARY KEY, at timestamptz NOT NULL)`);
    // Ids out of time order (an event whose transaction started earlier got a later id), and
    // two at one instant.
    await store.db.exec(`INSERT INTO timed VALUES (1, '2026-01-01'), (2, '2026-01-03'),
      (3, '2026-01-02'), (4, '2026-01-04'), (5, '2026-01-04'), (6, '2026-01-05')`);
    const timed = (cursor?: string) =>
      selectKeysetPage<{ id: string }>(store.db, {
        select: 'SELECT id::text AS id FROM timed',
        key: 'timed.id',
        positionOf: (row) => row.id,
        limit: 2,
        cursor,
        byTime: { time: 'at', table: 'timed' },
        filter: (add) => add((p) => `at < ${p}::timestamptz`, '2026-01-05'),
      });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const next = await timed(cursor);
      seen.push(...next.rows.map((r) => r.id));
      cursor = next.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['5', '4', '2', '3', '1']);
  });

  it('oneOf: only the rows of those values, each read alone, merged into the pages', async () => {
    const pagesOf = async (values: string[], limit: number, colour?: string) => {
      const seen: string[][] = [];
      let cursor: string | undefined;
      do {
        const next = await selectKeysetPage<Row>(store.db, {
          select: 'SELECT seq::text AS seq, colour FROM paged',
          key: 'paged.seq',
          positionOf: (row) => row.seq,
          limit,
          cursor,
          oneOf: { column: 'colour', values, table: 'paged' },
          filter: (add) => {
            if (colour !== undefined) add((p) => `colour <> ${p}`, colour);
          },
        });
        seen.push(next.rows.map((r) => r.seq));
        cursor = next.next_cursor;
      } while (cursor);
      return seen;
    };
    const every = ['12', '11', '10', '9', '8', '7', '6', '5', '4', '3', '2', '1'];
    expect(await pagesOf(['red', 'blue', 'red'], 5)).toEqual([
      every.slice(0, 5),
      every.slice(5, 10),
      every.slice(10),
    ]);
    expect(await pagesOf(['blue', 'green'], 3)).toEqual([['10', '7', '4'], ['1']]);
    expect(await pagesOf(['red', 'blue'], 20, 'red')).toEqual([['10', '7', '4', '1']]);
    expect(await pagesOf([], 5)).toEqual([[]]);
    // Past 32 values, one filter: the same rows.
    const many = [...Array.from({ length: 40 }, (_, i) => `c${i}`), 'blue'];
    expect(await pagesOf(many, 3)).toEqual([['10', '7', '4'], ['1']]);
  });
});
