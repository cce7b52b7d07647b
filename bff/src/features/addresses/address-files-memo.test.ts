import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AddressBookEntry } from '#contract/address-book';
import { ADDRESS_CSV_COLUMNS } from '#contract/address-csv';
import type { AddressImportResponse } from '#contract/address-import';
import type { AuditEvent } from '#contract/audit';
import { SAMPLE_ADDRESSES } from '#sandbox/index';
import { storeAndBffForSuite, BUSY_WRITER_ENV } from '#bff-test/test-bff-for-suite';

// Issue 28 item 2 with issue 26 item 5: the destination memo the book keeps with an address
// (Stellar's memo, a destination tag) travels in the address file as `destination_memo`, so an
// export imports back unchanged, and an import creates, changes or clears it (shown in the diff).

const STELLAR_A = SAMPLE_ADDRESSES.stellarA;
const STELLAR_B = SAMPLE_ADDRESSES.stellarB;
const header = ADDRESS_CSV_COLUMNS.join(',');
const row = (cells: Partial<Record<(typeof ADDRESS_CSV_COLUMNS)[number], string>>) =>
  ADDRESS_CSV_COLUMNS.map((c) => cells[c] ?? '').join(',');

describe('the destination memo in the address file', () => {
  const { bff } = storeAndBffForSuite('pglite', 'test_address_files_memo', () => ({
    env: BUSY_WRITER_ENV,
  }));
  beforeAll(async () => {
    const saved = await bff.request('PUT', '/api/addresses', {
      body: { crypto_network: 'STELLAR', address: STELLAR_A, bookmarked_status: false },
    });
    expect(saved.status).toBe(200);
    const key = (await entry(STELLAR_A))!.key;
    // A memo that a spreadsheet would run as a formula: guarded in the file, read back exactly.
    expect(
      (await bff.request('POST', '/api/addresses/memo', { body: { key, memo: '-884422+1' } }))
        .status,
    ).toBe(200);
  });

  async function entry(address: string): Promise<AddressBookEntry | undefined> {
    const res = await bff.request('GET', '/api/addresses?crypto_network=STELLAR');
    return (res.body as { addresses: AddressBookEntry[] }).addresses.find(
      (e) => e.address === address,
    );
  }
  const importCsv = async (text: string) => {
    const res = await bff.request('POST', '/api/addresses/import', {
      headers: { 'content-type': 'text/csv' },
      body: text,
    });
    expect(res.status).toBe(201);
    return res.body as AddressImportResponse;
  };
  const apply = async (id: string) => {
    const res = await bff.request('POST', `/api/addresses/import/${id}/apply`, { body: {} });
    expect(res.status).toBe(200);
    return res.body as AddressImportResponse;
  };
  const puts = () => bff.sandbox.stats().requests['PUT /v2/transfer/crypto-destination-address'];
  const memoEvents = async () =>
    (
      (await bff.request('GET', '/api/audit?action=address.memo&limit=100')).body as {
        events: AuditEvent[];
      }
    ).events;

  it('exports the memo (formula-guarded) and the export imports back unchanged', async () => {
    const res = await bff.request('GET', '/api/addresses/export.csv?source=book');
    const [head, line] = Papa.parse<string[]>(res.text.trim(), { header: false }).data;
    const cell = line![head!.indexOf('destination_memo')];
    expect(cell).toBe("'-884422+1");
    const again = await importCsv(res.text);
    expect(again.import.counts).toMatchObject({ rows: 1, invalid: 0, unchanged: 1 });
  });

  it('changes, creates and clears a memo through the import, shown in the diff', async () => {
    const file = [
      header,
      row({ network: 'STELLAR', address: STELLAR_A, bookmark: 'no', destination_memo: '777' }),
      row({ network: 'STELLAR', address: STELLAR_B, bookmark: 'no', destination_memo: '1234' }),
    ].join('\r\n');
    const preview = await importCsv(file);
    expect(preview.rows.map((r) => [r.kind, r.diff])).toEqual([
      ['update', [{ path: 'destination_memo', before: '-884422+1', after: '777' }]],
      ['create', expect.arrayContaining([{ path: 'destination_memo', after: '1234' }]) as unknown],
    ]);
    const putsBefore = puts() ?? 0;
    const memosBefore = (await memoEvents()).length;
    const applied = await apply(preview.import.id);
    expect(applied.rows.map((r) => r.outcome)).toEqual(['updated', 'created']);
    // The memo alone changed for A: nothing was sent for it; B was saved once.
    expect((puts() ?? 0) - putsBefore).toBe(1);
    expect((await entry(STELLAR_A))?.memo).toBe('777');
    expect((await entry(STELLAR_B))?.memo).toBe('1234');
    expect((await memoEvents()).length - memosBefore).toBe(2);

    // An empty cell clears it; a file without the column leaves it as it is.
    const cleared = await importCsv(
      [header, row({ network: 'STELLAR', address: STELLAR_A, bookmark: 'no' })].join('\r\n'),
    );
    expect(cleared.rows[0]!.diff).toEqual([{ path: 'destination_memo', before: '777' }]);
    await apply(cleared.import.id);
    expect((await entry(STELLAR_A))?.memo).toBeUndefined();
    const untouched = await importCsv(`network,address,bookmark\r\nSTELLAR,${STELLAR_B},no\r\n`);
    expect(untouched.rows[0]).toMatchObject({ kind: 'unchanged', diff: [] });
  });

  it('refuses a memo on a network that uses none, by line and column', async () => {
    const preview = await importCsv(
      [
        header,
        row({
          network: 'ETHEREUM',
          address: SAMPLE_ADDRESSES.evmA,
          bookmark: 'no',
          destination_memo: '42',
        }),
      ].join('\r\n'),
    );
    expect(preview.rows[0]).toMatchObject({
      line: 2,
      kind: 'invalid',
      errors: [{ column: 'destination_memo', message: expect.stringMatching(/uses no/) }],
    });
  });
});
