import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Papa from 'papaparse';
import { comparableFromSaved, diffAddress } from '#contract/address-diff';
import {
  ADDRESS_CSV_COLUMNS,
  addressCsvHeaderErrors,
  addressRequestFromCsv,
  type AddressCsvRecord,
} from '#contract/address-csv';
import {
  ADDRESS_IMPORT_MAX_BYTES,
  ADDRESS_IMPORT_MAX_ROWS,
  memoDiff,
  type AddressImportRow,
} from '#contract/address-import';
import { csvLineCounter } from '#contract/csv-lines';
import { bookKey } from '#contract/networks/canonical-address';
import { isLookAlike, lookAlikeProbe } from '#contract/networks/look-alike';
import type { OperatorRef } from '#contract/operator-ref';
import type { FieldError } from '#contract/problem';
import type { Environment } from '#contract/session';
import type { DestinationRegistry } from '#bff/gate/destination-registry';
import { HttpProblem } from '#bff/http/http-problem';
import type { AddressBook } from '#bff/store/address-book-port';
import type { AddressImportStore, NewImportRow } from '#bff/store/address-import-port';

interface ImportPreviewDeps {
  environment: Environment;
  addressBook: Pick<AddressBook, 'find'>;
  imports: AddressImportStore;
  destinations: Pick<DestinationRegistry, 'lookAlikeIndex'>;
}

type LookAlikeIndex = Awaited<ReturnType<DestinationRegistry['lookAlikeIndex']>>;

function fileProblem(status: number, title: string, detail: string, errors?: FieldError[]) {
  return new HttpProblem({ title, status, detail, ...(errors ? { errors } : {}) });
}

/** The header's refusals as a 400 naming each column (nothing is stored). */
function checkHeader(header: string[]): void {
  const errors = addressCsvHeaderErrors(header);
  if (errors.length > 0)
    throw fileProblem(
      400,
      'Bad Request',
      'The file’s header is not the address file’s (docs/address-csv.md).',
      errors.map((e) => ({ path: `line 1: ${e.column}`, message: e.message })),
    );
}

/**
 * Create, update or unchanged, and the fields it changes, from what the book or service holds;
 * with the book's destination memo when the file gives one (`memo` undefined: no such column).
 */
async function kindOf(
  deps: ImportPreviewDeps,
  index: LookAlikeIndex,
  request: Record<string, unknown> & {
    crypto_network: string;
    address: string;
    identity_id?: string;
  },
  memo: string | undefined,
): Promise<Pick<NewImportRow, 'kind' | 'diff'>> {
  const entry = await deps.addressBook.find(
    request.crypto_network,
    request.address,
    request.identity_id,
  );
  const saved =
    entry?.upstream ??
    index.serviceHeld(request.crypto_network, request.address, request.identity_id);
  const diff = [
    ...diffAddress(saved ? comparableFromSaved(saved) : {}, request),
    ...(memo !== undefined ? memoDiff(entry?.memo, memo) : []),
  ];
  if (!saved) return { kind: 'create', diff };
  return { kind: diff.length === 0 ? 'unchanged' : 'update', diff };
}

/** The known destinations and earlier rows of the file this row's address imitates. */
async function lookAlikesOf(
  deps: ImportPreviewDeps,
  index: LookAlikeIndex,
  importId: string,
  address: string,
  probe: string | undefined,
): Promise<AddressImportRow['look_alikes']> {
  const known = index.lookAlikes(address).map((k) => ({
    crypto_network: k.crypto_network,
    address: k.address,
    ...(k.nickname ? { nickname: k.nickname } : {}),
    source: k.source,
  }));
  const inFile = probe
    ? (await deps.imports.sameProbe(importId, probe))
        .filter((row) => isLookAlike(address, row))
        .map((row) => ({
          crypto_network: row.crypto_network,
          address: row.address,
          source: 'file' as const,
          line: row.line,
        }))
    : [];
  return [...known, ...inFile];
}

/** One row of the file, checked, as stored for the preview. */
async function checkRow(
  deps: ImportPreviewDeps,
  index: LookAlikeIndex,
  importId: string,
  line: number,
  record: AddressCsvRecord,
  extraCells: boolean,
): Promise<NewImportRow> {
  const parsed = addressRequestFromCsv(record, { allowTestnet: deps.environment.allow_testnet });
  const base = { line, crypto_network: record.network?.trim(), address: record.address?.trim() };
  const extra = extraCells ? [{ column: 'line', message: 'More cells than the header has' }] : [];
  if (!parsed.ok || extra.length > 0)
    return {
      ...base,
      kind: 'invalid',
      errors: [...extra, ...(parsed.ok ? [] : parsed.errors)],
      diff: [],
      look_alikes: [],
    };
  const request = parsed.request as Record<string, unknown> & {
    crypto_network: string;
    address: string;
    identity_id?: string;
  };
  const { crypto_network: network, address } = request;
  const key = bookKey(network, address, request.identity_id);
  const earlier = await deps.imports.lineOf(importId, key);
  const probe = lookAlikeProbe(network, address);
  const lookAlikes = await lookAlikesOf(deps, index, importId, address, probe);
  if (earlier !== undefined)
    return {
      ...base,
      kind: 'invalid',
      destinationKey: key,
      probe,
      request,
      errors: [{ column: 'address', message: `The same destination is on line ${earlier}` }],
      diff: [],
      look_alikes: lookAlikes,
    };
  return {
    ...base,
    ...(await kindOf(deps, index, request, parsed.memo)),
    destinationKey: key,
    probe,
    request,
    errors: [],
    look_alikes: lookAlikes,
  };
}

/** Counts the bytes that pass and stops the file past the limit (413). */
async function* limitBytes(source: AsyncIterable<Buffer | string>) {
  let bytes = 0;
  for await (const chunk of source) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (bytes > ADDRESS_IMPORT_MAX_BYTES)
      throw fileProblem(
        413,
        'Content Too Large',
        `An address file holds at most ${ADDRESS_IMPORT_MAX_BYTES / (1024 * 1024)} MB; split it.`,
      );
    yield chunk;
  }
}

/**
 * POST /api/addresses/import: the file streamed through papaparse (never held whole), each row
 * checked with the editor's schema, matched with the book and the service (create, update,
 * unchanged, with its diff), checked for look-alikes of every known destination and of the
 * file's earlier rows, and stored for apply. Answers the import's id.
 */
export async function previewImport(
  deps: ImportPreviewDeps,
  body: Readable,
  operator: OperatorRef,
): Promise<string> {
  const importId = randomUUID();
  // Read once the header is the address file's: a refused file asks the service nothing.
  let index: Awaited<ReturnType<ImportPreviewDeps['destinations']['lookAlikeIndex']>> | undefined;
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    header: false,
    delimiter: ',',
    skipEmptyLines: false,
  });
  let header: string[] | undefined;
  let records = 0;
  const lineOf = csvLineCounter();
  const consume = async (rows: AsyncIterable<string[]>) => {
    for await (const cells of rows) {
      const line = lineOf(cells);
      if (!header) {
        header = cells.map((c) =>
          c
            .replace(/^\uFEFF/, '')
            .trim()
            .toLowerCase(),
        );
        checkHeader(header);
        await deps.imports.create(importId, operator);
        continue;
      }
      records++;
      if (cells.every((c) => c.trim() === '')) continue;
      if (records > ADDRESS_IMPORT_MAX_ROWS)
        throw fileProblem(
          413,
          'Content Too Large',
          `An address file holds at most ${ADDRESS_IMPORT_MAX_ROWS} rows; split it.`,
        );
      const record: AddressCsvRecord = {};
      header.forEach((column, i) => {
        if ((ADDRESS_CSV_COLUMNS as readonly string[]).includes(column))
          record[column as keyof AddressCsvRecord] = cells[i] ?? '';
      });
      index ??= await deps.destinations.lookAlikeIndex();
      const row = await checkRow(deps, index, importId, line, record, cells.length > header.length);
      await deps.imports.addRow(importId, row);
    }
  };
  await pipeline(body, limitBytes, parser, consume);
  if (!header) throw fileProblem(400, 'Bad Request', 'The file is empty: give the header line.');
  await deps.imports.finishPreview(importId);
  return importId;
}
