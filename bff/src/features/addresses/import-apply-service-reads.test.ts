import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADDRESS_CSV_COLUMNS } from '#contract/address-csv';
import type { AddressImportResponse } from '#contract/address-import';
import { SAMPLE_ADDRESSES } from '#sandbox/index';
import { storeAndBffForSuite } from '#bff-test/test-bff-for-suite';
import { allAuditEvents } from '#bff-test/audit-events';
import { APPLY_PAGE } from './import-apply';

// Issue 41 item 5: applying a 5,000-row address file asked the service twice a row (its saved
// addresses of the row's destination, then the upsert), and read the book twice a row. The book's
// entries and the service's saved addresses are now read for a page of rows at a time (the
// service a few dozen destinations a call), and a page's rows go a few at a time: the upsert
// stays one a row, an update names what it changed, and an address saved only at the service is
// still an update of what it holds (issue 26 item 8), never a new one.

/** A page and a half: two pages. */
const ROWS = APPLY_PAGE + APPLY_PAGE / 2;
const LIST = 'GET /v2/transfer/crypto-destination-addresses';
const PUT = 'PUT /v2/transfer/crypto-destination-address';

const line = (cells: Partial<Record<(typeof ADDRESS_CSV_COLUMNS)[number], string>>) =>
  ADDRESS_CSV_COLUMNS.map((c) => cells[c] ?? '').join(',');
const addressOf = (i: number) => `0x${createHash('sha1').update(`apply ${i}`).digest('hex')}`;

describe('an address import applied', () => {
  const { bff } = storeAndBffForSuite('pglite', 'test_import_apply_service_reads', () => ({
    env: { LOG_LEVEL: 'warn', WRITE_RATE_LIMIT_PER_MINUTE: '100000' },
  }));

  it('reads the service’s saved addresses a page at a time, an upsert a row, each outcome and audit event as before', async () => {
    const rows = Array.from({ length: ROWS - 1 }, (_, i) =>
      line({ network: 'ETHEREUM', address: addressOf(i), nickname: `Row ${i}`, bookmark: 'no' }),
    );
    // In the book already (saved through the console): an update of the book's entry.
    const inBook = addressOf(ROWS);
    const saved = await bff.request('PUT', '/api/addresses', {
      body: { crypto_network: 'ETHEREUM', address: inBook, nickname: 'Before' },
    });
    expect(saved.status).toBe(200);
    rows.splice(
      30,
      1,
      line({ network: 'ETHEREUM', address: inBook, nickname: 'After', bookmark: 'no' }),
    );
    // Saved at the service (its seed), not in the book: an update of what the service holds.
    rows.splice(
      120,
      0,
      line({ network: 'BASE', address: SAMPLE_ADDRESSES.evmB, nickname: 'Base hot wallet' }),
    );
    const preview = await bff.request('POST', '/api/addresses/import', {
      headers: { 'content-type': 'text/csv' },
      body: [ADDRESS_CSV_COLUMNS.join(','), ...rows].join('\n'),
    });
    expect(preview.status).toBe(201);
    const { import: summary } = preview.body as AddressImportResponse;
    expect(summary.counts).toMatchObject({ rows: ROWS, invalid: 0, update: 2 });

    const before = bff.sandbox.stats().requests;
    const applied = await bff.request('POST', `/api/addresses/import/${summary.id}/apply`, {
      body: { confirm_look_alikes: summary.counts.look_alike > 0 },
    });
    expect(applied.status).toBe(200);
    const after = bff.sandbox.stats().requests;
    expect((after[PUT] ?? 0) - (before[PUT] ?? 0)).toBe(ROWS);
    // Two pages of rows: per page and network, 50 destinations a call (not a call a row).
    const calls = Math.ceil(APPLY_PAGE / 50) + Math.ceil((ROWS - APPLY_PAGE) / 50) + 2;
    expect((after[LIST] ?? 0) - (before[LIST] ?? 0)).toBeLessThanOrEqual(calls);

    const outcomes: Array<[number, string | undefined]> = [];
    for (let after: number | undefined = 0; after !== undefined;) {
      const read = await bff.request(
        'GET',
        `/api/addresses/import/${summary.id}?after=${after}&limit=500`,
      );
      const page = read.body as AddressImportResponse;
      outcomes.push(...page.rows.map((r): [number, string | undefined] => [r.line, r.outcome]));
      after = page.next_line;
    }
    expect(outcomes).toEqual(
      Array.from({ length: ROWS }, (_, i) => [
        i + 2,
        [30, 120].includes(i) ? 'updated' : 'created',
      ]),
    );
    const events = await allAuditEvents(bff, 'address.put');
    // One a row, and the PUT that put the one address in the book first.
    expect(events).toHaveLength(ROWS + 1);
    expect(new Set(events.map((e) => e.target)).size).toBe(ROWS);
    const held = events.find((e) => e.target.startsWith('BASE:'));
    expect(held).toMatchObject({ outcome: 'updated' });
    expect(held!.changed_fields).toContain('nickname');
    const book = events.filter((e) => e.target.startsWith(`ETHEREUM:${inBook}`));
    expect(book.map((e) => e.outcome).sort()).toEqual(['created', 'updated']);
    expect(book.find((e) => e.outcome === 'updated')!.changed_fields).toEqual(['nickname']);
    expect(events.filter((e) => e.outcome === 'created')).toHaveLength(ROWS - 1);
  });
});
