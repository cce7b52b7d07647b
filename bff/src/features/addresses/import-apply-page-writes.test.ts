import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADDRESS_CSV_COLUMNS } from '#contract/address-csv';
import type { AddressImportResponse } from '#contract/address-import';
import type { Store } from '#bff/store/store-port';
import { storeForSuite } from '#bff/store/testing/test-stores';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { UpstreamFailure } from '#bff/upstream/upstream-answer';
import { testBffsPerTest } from '#bff-test/test-bff-for-suite';
import type { TestBff } from '#bff-test/start-test-bff';
import { allAuditEvents } from '#bff-test/audit-events';
import { APPLY_PAGE } from './import-apply';

// Issue 41 item 5: an import's apply wrote three statements a row (the book entry with its
// history, the address.put event, the row's outcome): on PGlite each is a round of its protocol.
// A page's saved rows are now recorded together: one write of their book entries, one of their
// events, one of the page's outcomes. What a row says, and what a failure leaves, is unchanged:
// a row the service saved is recorded, a row that has an outcome is never sent again.

/** A page and a half: two pages, the second part full. */
const ROWS = APPLY_PAGE + APPLY_PAGE / 2;
const PUT = 'PUT /v2/transfer/crypto-destination-address';

const line = (cells: Partial<Record<(typeof ADDRESS_CSV_COLUMNS)[number], string>>) =>
  ADDRESS_CSV_COLUMNS.map((c) => cells[c] ?? '').join(',');
const addressOf = (i: number) => `0x${createHash('sha1').update(`page ${i}`).digest('hex')}`;
const file = (prefix: string) =>
  [
    ADDRESS_CSV_COLUMNS.join(','),
    ...Array.from({ length: ROWS }, (_, i) =>
      line({
        network: 'ETHEREUM',
        address: addressOf(i + prefix.length * 1000),
        nickname: `${prefix} ${i}`,
        bookmark: 'no',
      }),
    ),
  ].join('\n');

/** The store, counting the batched writes. */
function countingStore(store: Store) {
  const writes = { book: 0, audit: 0 };
  const counted: Store = {
    ...store,
    addressBook: {
      ...store.addressBook,
      recordSavedMany: (saves) => (writes.book++, store.addressBook.recordSavedMany(saves)),
    },
    audit: {
      ...store.audit,
      appendMany: (events) => (writes.audit++, store.audit.appendMany(events)),
    },
  };
  return { counted, writes };
}

async function preview(bff: TestBff, body: string): Promise<string> {
  const answer = await bff.request('POST', '/api/addresses/import', {
    headers: { 'content-type': 'text/csv' },
    body,
  });
  expect(answer.status).toBe(201);
  return (answer.body as AddressImportResponse).import.id;
}

/** Each row's outcome, read page by page as the UI reads them. */
async function outcomes(bff: TestBff, id: string) {
  const all: Array<string | null> = [];
  for (let after: number | undefined = 0; after !== undefined;) {
    const read = await bff.request('GET', `/api/addresses/import/${id}?after=${after}&limit=500`);
    const page = read.body as AddressImportResponse;
    all.push(...page.rows.map((r) => r.outcome ?? null));
    after = page.next_line;
  }
  return all;
}

async function putEvents(bff: TestBff, prefix: string) {
  const events = await allAuditEvents(bff, 'address.put');
  const ours = new Set(Array.from({ length: ROWS }, (_, i) => addressOf(i + prefix.length * 1000)));
  return events.filter((e) => ours.has(e.target.split(':')[1] ?? ''));
}

describe('an address import applied a page at a time', () => {
  const store = storeForSuite('pglite', 'test_import_apply_page_writes');
  const start = testBffsPerTest(() => ({
    env: { LOG_LEVEL: 'silent', WRITE_RATE_LIMIT_PER_MINUTE: '100000' },
  }));

  it('records the saved rows of a page in one write of the book and one of the audit trail', async () => {
    const { counted, writes } = countingStore(store);
    const bff = await start({ deps: { store: counted } });
    const id = await preview(bff, file('a'));
    const applied = await bff.request('POST', `/api/addresses/import/${id}/apply`, {
      body: { confirm_look_alikes: true },
    });
    expect(applied.status).toBe(200);
    // Two pages (a whole one and a half one).
    expect(writes).toEqual({ book: 2, audit: 2 });
    expect(await outcomes(bff, id)).toEqual(Array(ROWS).fill('created'));
    const events = await putEvents(bff, 'a');
    expect(events).toHaveLength(ROWS);
    expect(events.every((e) => e.outcome === 'created' && e.upstream_status === 200)).toBe(true);
  });

  it('a lost connection mid-page: what the service saved before it is recorded; the apply again sends each other row once', async () => {
    let puts = 0;
    let failAt: number | undefined = 37;
    const wrapUpstream = (real: UpstreamClient): UpstreamClient => ({
      ...real,
      call: (operation, options) => {
        if (operation === 'putAddress' && ++puts === failAt)
          return Promise.reject(new UpstreamFailure('network', false, 'socket hang up (test)'));
        return real.call(operation, options);
      },
    });
    const bff = await start({ deps: { store }, wrapUpstream });
    const id = await preview(bff, file('bb'));
    const sentBefore = bff.sandbox.stats().requests[PUT] ?? 0;

    const first = await bff.request('POST', `/api/addresses/import/${id}/apply`, {
      body: { confirm_look_alikes: true },
    });
    expect(first.status).toBeGreaterThanOrEqual(500);
    const afterFirst = await outcomes(bff, id);
    const savedFirst = (bff.sandbox.stats().requests[PUT] ?? 0) - sentBefore;
    // Every row the service saved has its outcome (the rows in flight beside the failed one
    // included); the failed row and the rows after have none.
    expect(afterFirst.filter((o) => o === 'created')).toHaveLength(savedFirst);
    expect(afterFirst.filter((o) => o === null)).toHaveLength(ROWS - savedFirst);
    expect(afterFirst[36]).toBeNull();
    expect(savedFirst).toBeGreaterThanOrEqual(36);
    expect(savedFirst).toBeLessThan(APPLY_PAGE);
    // Its events: one a saved row, and the failed row's "unknown".
    const firstEvents = await putEvents(bff, 'bb');
    expect(firstEvents.filter((e) => e.outcome === 'created')).toHaveLength(savedFirst);
    expect(firstEvents.filter((e) => e.outcome === 'unknown')).toHaveLength(1);

    failAt = undefined;
    const again = await bff.request('POST', `/api/addresses/import/${id}/apply`, {
      body: { confirm_look_alikes: true },
    });
    expect(again.status).toBe(200);
    expect(await outcomes(bff, id)).toEqual(Array(ROWS).fill('created'));
    // Each row reached the service once in all.
    expect((bff.sandbox.stats().requests[PUT] ?? 0) - sentBefore).toBe(ROWS);
    const events = await putEvents(bff, 'bb');
    expect(events.filter((e) => e.outcome === 'created')).toHaveLength(ROWS);
  });

  it('a page whose one write of the book fails is recorded row by row', async () => {
    let refused = 0;
    const failing: Store = {
      ...store,
      addressBook: {
        ...store.addressBook,
        // The first page's write fails every time (one answer the database cannot store).
        recordSavedMany: (saves) => {
          if (!saves.some((save) => save.address.address === addressOf(3000)))
            return store.addressBook.recordSavedMany(saves);
          refused++;
          return Promise.reject(new Error('page write failed (test)'));
        },
      },
    };
    const bff = await start({ deps: { store: failing } });
    const id = await preview(bff, file('ccc'));
    const applied = await bff.request('POST', `/api/addresses/import/${id}/apply`, {
      body: { confirm_look_alikes: true },
    });
    expect(applied.status).toBe(200);
    expect(refused).toBe(1);
    expect(await outcomes(bff, id)).toEqual(Array(ROWS).fill('created'));
    const events = await putEvents(bff, 'ccc');
    expect(events.filter((e) => e.outcome === 'created')).toHaveLength(ROWS);
    // Every row's entry is in the book, the first page's written one by one.
    for (const i of [0, APPLY_PAGE - 1, APPLY_PAGE, ROWS - 1]) {
      const entry = await store.addressBook.find('ETHEREUM', addressOf(i + 3000));
      expect(entry).toMatchObject({ nickname: `ccc ${i}`, version: 1 });
    }
  });
});
