import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AddressBookEntry } from '#contract/address-book';
import { ADDRESS_CSV_COLUMNS } from '#contract/address-csv';
import type { AddressImportResponse } from '#contract/address-import';
import type { AuditEvent } from '#contract/audit';
import { CONSOLE_PROBLEM_TYPES } from '#contract/problem';
import { SAMPLE_ADDRESSES } from '#sandbox/index';
import { ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';
import { storeAndBffForSuite, BUSY_WRITER_ENV } from '#bff-test/test-bff-for-suite';

// Issue 28 item 2 (import and export of the address book) and issue 26 item 9 (archive).

/** The treasury address's look-alike: its first and last four characters, another middle. */
const LOOK_ALIKE = `0x8cf7${'0'.repeat(32)}6ddc`;

const header = ADDRESS_CSV_COLUMNS.join(',');
const row = (cells: Partial<Record<(typeof ADDRESS_CSV_COLUMNS)[number], string>>) =>
  ADDRESS_CSV_COLUMNS.map((c) => cells[c] ?? '').join(',');

describe.each(ALL_BACKENDS)('address files on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const { bff } = storeAndBffForSuite(backend, 'test_address_files', () => ({
    env: BUSY_WRITER_ENV,
  }));

  beforeAll(async () => {
    const saved = await bff.request('PUT', '/api/addresses', {
      body: {
        crypto_network: 'ETHEREUM',
        address: SAMPLE_ADDRESSES.evmB,
        nickname: 'Payroll',
        bookmarked_status: false,
        travelrule_metadata: {
          beneficiary: { institution_details: { name: 'Acme GmbH' } },
          custodian_type: 'PRIVATE',
        },
      },
    });
    expect(saved.status).toBe(200);
  });

  const importCsv = (text: string) =>
    bff.request('POST', '/api/addresses/import', {
      headers: { 'content-type': 'text/csv' },
      body: text,
    });
  const events = async (action: string) =>
    (
      (await bff.request('GET', `/api/audit?action=${action}&limit=500`)).body as {
        events: AuditEvent[];
      }
    ).events;

  it('previews each row (create, update, invalid by line and column, look-alikes) and saves nothing', async () => {
    const file = [
      header,
      row({
        network: 'ETHEREUM',
        address: SAMPLE_ADDRESSES.evmB,
        nickname: 'Payroll (new)',
        bookmark: 'no',
        beneficiary_kind: 'institution',
        beneficiary_institution_name: 'Acme GmbH',
        custody: 'PRIVATE',
      }),
      row({ network: 'ETHEREUM', address: LOOK_ALIKE, nickname: 'Poison', bookmark: 'no' }),
      // One letter's case off: the EIP-55 checksum fails, as in the editor.
      row({ network: 'ETHEREUM', address: SAMPLE_ADDRESSES.evmC.replace('A8e', 'a8e') }),
      row({
        network: 'ETHEREUM',
        address: SAMPLE_ADDRESSES.evmA,
        beneficiary_kind: 'person',
        country: 'Germany',
      }),
    ].join('\r\n');
    const res = await importCsv(file);
    expect(res.status).toBe(201);
    const answer = res.body as AddressImportResponse;
    expect(answer.import.counts).toMatchObject({ rows: 4, invalid: 2, update: 1, create: 1 });
    const [update, poison, checksum, person] = answer.rows;
    expect(update).toMatchObject({ line: 2, kind: 'update' });
    expect(update!.diff).toEqual([{ path: 'nickname', before: 'Payroll', after: 'Payroll (new)' }]);
    expect(poison).toMatchObject({ line: 3, kind: 'create' });
    expect(poison!.look_alikes.map((l) => l.address)).toContain(SAMPLE_ADDRESSES.evmA);
    expect(checksum).toMatchObject({ line: 4, kind: 'invalid' });
    expect(checksum!.errors.map((e) => e.column)).toEqual(['address']);
    expect([...new Set(person!.errors.map((e) => e.column))].sort()).toEqual(
      ['beneficiary_first_name', 'beneficiary_last_name', 'country'].sort(),
    );
    // A file with invalid rows is never applied.
    const apply = await bff.request('POST', `/api/addresses/import/${answer.import.id}/apply`, {
      body: { confirm_look_alikes: true },
    });
    expect(apply.status).toBe(422);
    const book = (await bff.request('GET', '/api/addresses')).body as {
      addresses: AddressBookEntry[];
    };
    expect(book.addresses.map((e) => e.nickname)).toEqual(['Payroll']);
  });

  it('numbers rows by the line they start on, as the batch file does (blank lines, quoted breaks)', async () => {
    const file = [
      header,
      '',
      row({ network: 'ETHEREUM', address: SAMPLE_ADDRESSES.evmB, nickname: '"Two\r\nlines"' }),
      row({ network: 'ETHEREUM', address: SAMPLE_ADDRESSES.evmC.replace('A8e', 'a8e') }),
    ].join('\r\n');
    const res = await importCsv(file);
    expect(res.status).toBe(201);
    const lines = (res.body as AddressImportResponse).rows.map((r) => r.line);
    // The same file read as a batch numbers its records the same way (contract/csv-lines.ts).
    expect(lines).toEqual([3, 5]);
  });

  it('checks look-alikes within the file itself', async () => {
    const other = `0x8cf7${'1'.repeat(32)}6ddc`;
    const file = [
      header,
      row({ network: 'POLYGON_POS', address: other, bookmark: 'no' }),
      row({ network: 'POLYGON_POS', address: `0x1234${'2'.repeat(32)}abcd`, bookmark: 'no' }),
      row({ network: 'POLYGON_POS', address: `0x1234${'3'.repeat(32)}abcd`, bookmark: 'no' }),
    ].join('\n');
    const answer = (await importCsv(file)).body as AddressImportResponse;
    expect(answer.rows[2]!.look_alikes).toEqual([
      expect.objectContaining({ source: 'file', line: 3 }),
    ]);
  });

  it('applies an update and a confirmed look-alike through the editor’s path, an audit event each', async () => {
    const file = [
      header,
      row({
        network: 'ETHEREUM',
        address: SAMPLE_ADDRESSES.evmB,
        nickname: 'Payroll (new)',
        bookmark: 'yes',
      }),
      row({ network: 'ETHEREUM', address: LOOK_ALIKE, nickname: '=1+2', bookmark: 'no' }),
    ].join('\n');
    const answer = (await importCsv(file)).body as AddressImportResponse;
    expect(answer.import.counts).toMatchObject({ invalid: 0, update: 1, create: 1, look_alike: 1 });
    const url = `/api/addresses/import/${answer.import.id}/apply`;
    const unconfirmed = await bff.request('POST', url, { body: {} });
    expect(unconfirmed.status).toBe(409);
    expect((unconfirmed.body as { type: string }).type).toBe(
      CONSOLE_PROBLEM_TYPES.lookAlikeUnconfirmed,
    );
    const before = (await events('address.put')).length;
    const applied = await bff.request('POST', url, { body: { confirm_look_alikes: true } });
    expect(applied.status).toBe(200);
    const result = applied.body as AddressImportResponse;
    expect(result.import.status).toBe('applied');
    expect(result.rows.map((r) => r.outcome)).toEqual(['updated', 'created']);
    expect((await events('address.put')).length - before).toBe(2);
    expect((await events('address.import')).map((e) => e.target)).toContain(
      `import:${answer.import.id}`,
    );
    // Applying again sends nothing more.
    await bff.request('POST', url, { body: { confirm_look_alikes: true } });
    expect((await events('address.put')).length - before).toBe(2);
  });

  it('exports the book in the import’s columns, formula-guarded, and the export imports back unchanged', async () => {
    const res = await bff.request('GET', '/api/addresses/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const parsed = Papa.parse<string[]>(res.text.trim(), { header: false });
    expect(parsed.data[0]).toEqual([...ADDRESS_CSV_COLUMNS]);
    expect(res.text).toContain("'=1+2");
    // The whole export (the service's saved addresses too) creates nothing: every row is known.
    const all = (await importCsv(res.text)).body as AddressImportResponse;
    expect(all.import.counts.create).toBe(0);
    expect(all.import.counts.rows).toBeGreaterThan(2);
    // The book's own rows come back exactly as saved.
    const bookCsv = await bff.request('GET', '/api/addresses/export.csv?source=book');
    const again = (await importCsv(bookCsv.text)).body as AddressImportResponse;
    expect(again.import.counts).toMatchObject({ rows: 2, invalid: 0, unchanged: 2 });
  });

  it('archives an entry: out of the list (and the pickers), listed on demand, audited, brought back', async () => {
    const list = async (query = '') =>
      (
        (await bff.request('GET', `/api/addresses${query}`)).body as {
          addresses: AddressBookEntry[];
        }
      ).addresses;
    const entry = (await list()).find((e) => e.address === LOOK_ALIKE)!;
    const archived = await bff.request('POST', '/api/addresses/archive', {
      body: { key: entry.key, archived: true },
    });
    expect(archived.status).toBe(200);
    expect((await list()).map((e) => e.address)).not.toContain(LOOK_ALIKE);
    expect((await list('?archived=only')).map((e) => e.address)).toEqual([LOOK_ALIKE]);
    expect((await events('address.archive')).map((e) => e.target)).toContain(entry.key);
    // Still a known destination: a look-alike of it is still flagged.
    const check = await bff.request(
      'GET',
      `/api/destinations/look-alikes?address=${`0x8cf7${'4'.repeat(32)}6ddc`}`,
    );
    expect(JSON.stringify(check.body)).toContain(LOOK_ALIKE);
    await bff.request('POST', '/api/addresses/archive', {
      body: { key: entry.key, archived: false },
    });
    expect((await list()).map((e) => e.address)).toContain(LOOK_ALIKE);
    const missing = await bff.request('POST', '/api/addresses/archive', {
      body: { key: 'ETHEREUM:nope:', archived: true },
    });
    expect(missing.status).toBe(404);
  });

  it('refuses a file that is not CSV, or whose header is not the address file’s', async () => {
    const json = await bff.request('POST', '/api/addresses/import', { body: { a: 1 } });
    expect(json.status).toBe(415);
    const bad = await importCsv('network,adress\nETHEREUM,x');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('adress');
  });
});
