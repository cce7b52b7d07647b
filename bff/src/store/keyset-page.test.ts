import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidCursorError } from './cursor';
import { selectKeysetPage } from './keyset-page';
import type { OpenedStore } from './open-store';
import { ALL_BACKENDS, openTestStore, skipWithoutServer } from './testing/test-stores';

interface Row {
  seq: string;
  colour: string;
}

describe.each(ALL_BACKENDS)('keyset pages on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  let store: OpenedStore;
  beforeAll(async () => {
    store = await openTestStore(backend, 'test_keyset_page');
    await store.db.exec(`CREATE TABLE paged (seq bigint PRIMARY KEY, colour text NOT NULL)`);
    // seq 1..12, past 9 so that text order (10 < 9) would show; every third one blue.
    const values = Array.from(
      { length: 12 },
      (_, i) => `(${i + 1}, '${i % 3 === 0 ? 'blue' : 'red'}')`,
    );
    await store.db.exec(`INSERT INTO paged VALUES ${values.join(', ')}`);
  });
  afterAll(async () => {
    await store?.close();
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
});
