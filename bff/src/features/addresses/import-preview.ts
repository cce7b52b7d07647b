import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Papa from 'papaparse';
import type { AddressBookEntry } from '#contract/address-book';
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
  addressBook: Pick<AddressBook, 'getMany'>;
  imports: AddressImportStore;
  destinations: Pick<DestinationRegistry, 'lookAlikeIndex'>;
}

type LookAlikeIndex = Awaited<ReturnType<DestinationRegistry['lookAlikeIndex']>>;

/**
 * The file's rows seen so far, as the store would answer for them (lineOf, sameProbe): the
 * preview is the only writer of its import's rows and writes them in line order, so these answer
 * the same without two queries a row (a 5,000-row file was 10,000 of them).
 */
interface FileSoFar {
  lineByDestination: Map<string, number>;
  rowsByProbe: Map<string, Array<{ line: number; crypto_network: string; address: string }>>;
}

/**
 * Rows classified and stored together: the book's entries of their destinations in one read,
 * then the rows in one statement. The file's own checks read FileSoFar, not the store, so the
 * rows can wait; 250 rows of 11 parameters stay far under PostgreSQL's 65,535.
 */
const ROWS_PER_WRITE = 250;

/** A valid row waiting for the book's entry of its destination to be read (with its batch's). */
interface Unclassified {
  checked: Omit<NewImportRow, 'kind' | 'diff'> & { destinationKey: string };
  request: ImportRequest;
  memo: string | undefined;
}

/** (A stored row may carry a `request` too: an invalid repeat of a destination does.) */
const unclassified = (row: NewImportRow | Unclassified): row is Unclassified => 'checked' in row;

type ImportRequest = Record<string, unknown> & {
  crypto_network: string;
  address: string;
  identity_id?: string;
};

/** What the store keeps of a probe's rows: the first 20 by line (sameProbe's LIMIT). */
const SAME_PROBE_LIMIT = 20;

function remember(
  file: FileSoFar,
  row: Pick<NewImportRow, 'line' | 'destinationKey' | 'probe' | 'crypto_network' | 'address'>,
): void {
  if (row.destinationKey !== undefined && !file.lineByDestination.has(row.destinationKey))
    file.lineByDestination.set(row.destinationKey, row.line);
  if (row.probe === undefined || row.probe === null) return;
  const same = file.rowsByProbe.get(row.probe) ?? [];
  if (same.length < SAME_PROBE_LIMIT)
    same.push({ line: row.line, crypto_network: row.crypto_network!, address: row.address! });
  file.rowsByProbe.set(row.probe, same);
}

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
function kindOf(
  index: LookAlikeIndex,
  { request, memo }: Unclassified,
  entry: AddressBookEntry | undefined,
): Pick<NewImportRow, 'kind' | 'diff'> {
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
function lookAlikesOf(
  index: LookAlikeIndex,
  file: FileSoFar,
  address: string,
  probe: string | undefined,
): AddressImportRow['look_alikes'] {
  const known = index.lookAlikes(address).map((k) => ({
    crypto_network: k.crypto_network,
    address: k.address,
    ...(k.nickname ? { nickname: k.nickname } : {}),
    source: k.source,
  }));
  const inFile = probe
    ? (file.rowsByProbe.get(probe) ?? [])
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

/**
 * The rows of a batch as stored for the preview: each valid one classified against the book's
 * entry of its destination (the batch's entries read in one statement) or the service's record.
 */
async function classify(
  deps: ImportPreviewDeps,
  index: LookAlikeIndex,
  batch: Array<NewImportRow | Unclassified>,
): Promise<NewImportRow[]> {
  const keys = batch.flatMap((row) => (unclassified(row) ? [row.checked.destinationKey] : []));
  const book = keys.length > 0 ? await deps.addressBook.getMany(keys) : new Map();
  return batch.map((row) =>
    unclassified(row)
      ? { ...row.checked, ...kindOf(index, row, book.get(row.checked.destinationKey)) }
      : row,
  );
}

/** One row of the file, checked: invalid as it stands, or valid and waiting to be classified. */
function checkRow(
  environment: Environment,
  index: LookAlikeIndex,
  file: FileSoFar,
  line: number,
  record: AddressCsvRecord,
  extraCells: boolean,
): NewImportRow | Unclassified {
  const parsed = addressRequestFromCsv(record, { allowTestnet: environment.allow_testnet });
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
  const request = parsed.request as ImportRequest;
  const { crypto_network: network, address } = request;
  const key = bookKey(network, address, request.identity_id);
  const earlier = file.lineByDestination.get(key);
  const probe = lookAlikeProbe(network, address);
  const lookAlikes = lookAlikesOf(index, file, address, probe);
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
    checked: { ...base, destinationKey: key, probe, request, errors: [], look_alikes: lookAlikes },
    request,
    memo: parsed.memo,
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
  const file: FileSoFar = { lineByDestination: new Map(), rowsByProbe: new Map() };
  const pending: Array<NewImportRow | Unclassified> = [];
  // Rows are only checked once the index is read.
  const store = async () => {
    if (index && pending.length > 0)
      await deps.imports.addRows(importId, await classify(deps, index, pending.splice(0)));
  };
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
      const row = checkRow(
        deps.environment,
        index,
        file,
        line,
        record,
        cells.length > header.length,
      );
      remember(file, unclassified(row) ? row.checked : row);
      pending.push(row);
      if (pending.length >= ROWS_PER_WRITE) await store();
    }
  };
  await pipeline(body, limitBytes, parser, consume);
  await store();
  if (!header) throw fileProblem(400, 'Bad Request', 'The file is empty: give the header line.');
  await deps.imports.finishPreview(importId);
  return importId;
}
