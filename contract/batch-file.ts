import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { OPERATOR_METADATA_PAIRS, reservedMetadataKey } from './approvals';
import { csvLineCounter } from './csv-lines';
import { createSubmitWithdrawalRequestSchema, type SubmitWithdrawalRequest } from './withdrawals';
import type { AddressValidationOptions } from './networks';

// A batch file (issue 28): its columns and template, its records read with their line numbers,
// and each row validated with the one withdrawal schema, in the browser and again in the BFF.
// The CSV text is parsed by papaparse on each side (contract/ imports no parser); this file turns
// the parsed records into rows. What the BFF answers of a batch is withdrawal-batches.ts.

/** The columns, in the template's order. `amount` or `total`: exactly one per row. */
const BATCH_COLUMNS = [
  'profile',
  'asset',
  'network',
  'destination',
  'amount',
  'total',
  'memo',
  'metadata',
  'ref_id',
] as const;
type BatchColumn = (typeof BATCH_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly BatchColumn[] = ['profile', 'asset', 'network', 'destination'];

/** At most this many rows in one file (the BFF refuses more; the bench sends 1,000). */
export const BATCH_MAX_ROWS = 5_000;

/** The template to download: the header and one example row. */
export const BATCH_TEMPLATE_CSV =
  `${BATCH_COLUMNS.join(',')}\r\n` +
  'b7b77d82-e6a7-4ae9-9904-36231aedf985,USDG,ETHEREUM,0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc,25.00,,,payroll=2026-11;team=ops,\r\n';

/** Where each request field is read from (the column a schema error is reported in). */
const COLUMN_OF_FIELD: Record<string, BatchColumn> = {
  profile_id: 'profile',
  asset: 'asset',
  crypto_network: 'network',
  destination_address: 'destination',
  amount: 'amount',
  total: 'total',
  memo: 'memo',
  metadata: 'metadata',
  ref_id: 'ref_id',
};

/** One error of the file, by its line (1: the header) and column. */
export const BatchErrorSchema = z.object({
  line: z.number().int().min(1),
  column: z.string().optional(),
  message: z.string(),
});
export type BatchError = z.infer<typeof BatchErrorSchema>;

/**
 * The batch id: the first 24 hex digits of the sha256 of the file's text (UTF-8). The same file
 * uploaded again is the same batch.
 */
export function batchIdOf(csvText: string): string {
  return bytesToHex(sha256(utf8ToBytes(csvText))).slice(0, 24);
}

/** A row's ref_id when the file gives none: fixed by the batch id and the row's number. */
export function derivedRefId(batchId: string, row: number): string {
  return `batch-${batchId}-${row}`;
}

/**
 * The metadata cell: `key=value;key=value` (no `=` or `;` in keys; a value runs to the next `;`),
 * or a JSON object of strings when it starts with `{`. Empty: no metadata.
 */
export function parseMetadataCell(
  cell: string,
): { ok: true; value?: Record<string, string> } | { ok: false; message: string } {
  const text = cell.trim();
  if (text === '') return { ok: true };
  if (text.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { ok: false, message: 'Not a valid JSON object' };
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { ok: false, message: 'A JSON object of strings' };
    const entries = Object.entries(parsed);
    if (entries.some(([, v]) => typeof v !== 'string'))
      return { ok: false, message: 'Metadata values are strings' };
    return { ok: true, value: Object.fromEntries(entries) as Record<string, string> };
  }
  const value: Record<string, string> = {};
  for (const pair of text.split(';')) {
    if (pair.trim() === '') continue;
    const eq = pair.indexOf('=');
    if (eq <= 0) return { ok: false, message: `"${pair.slice(0, 40)}" is not key=value` };
    const key = pair.slice(0, eq).trim();
    if (Object.hasOwn(value, key)) return { ok: false, message: `The key "${key}" is given twice` };
    value[key] = pair.slice(eq + 1).trim();
  }
  return { ok: true, value };
}

/** One parsed record of the file: its cells by column, and the line it starts on. */
export interface BatchRecord {
  line: number;
  cells: Record<string, string>;
  /** More cells than the header names. */
  extraCells?: boolean;
}

/** One row of the batch as validated: its request (when valid) and its errors. */
interface ValidatedBatchRow {
  /** 1-based among the data rows (the header aside): the derived ref_id's number. */
  row: number;
  line: number;
  ref_id: string;
  request?: SubmitWithdrawalRequest;
  /** An invalid row: the request as the file spelled it (shown with its errors, never sent). */
  spelled?: Record<string, unknown>;
  errors: BatchError[];
}

/**
 * The one CSV parser both sides pass in (papaparse's `parse`, step by step): contract/ imports
 * no parser, so this names only what is used of it.
 */
export type CsvStepParser = (
  text: string,
  config: {
    delimiter: string;
    step: (result: { data: string[] }) => void;
  },
) => unknown;

/**
 * The file's header and records, each with the line it starts on (a quoted cell may span lines).
 * A BOM is dropped; blank lines are skipped (and counted).
 */
export function readBatchCsv(
  csvText: string,
  parse: CsvStepParser,
): { header: string[]; records: BatchRecord[] } {
  const text = csvText.startsWith('\uFEFF') ? csvText.slice(1) : csvText;
  const lineOf = csvLineCounter();
  let header: string[] | undefined;
  const records: BatchRecord[] = [];
  parse(text, {
    delimiter: ',',
    step: ({ data }) => {
      const line = lineOf(data);
      if (data.every((cell) => cell.trim() === '')) return;
      if (header === undefined) {
        header = data.map((name) => name.trim().toLowerCase());
        return;
      }
      const cells: Record<string, string> = {};
      header.forEach((name, i) => {
        if ((BATCH_COLUMNS as readonly string[]).includes(name) && !Object.hasOwn(cells, name))
          cells[name] = data[i] ?? '';
      });
      const extra = data.slice(header.length).some((cell) => cell.trim() !== '');
      records.push({ line, cells, ...(extra ? { extraCells: true } : {}) });
    },
  });
  return { header: header ?? [], records };
}

/** The header's errors: an unknown column, a missing required one, a column given twice. */
export function headerErrors(header: readonly string[]): BatchError[] {
  const errors: BatchError[] = [];
  const seen = new Set<string>();
  for (const name of header) {
    if (!(BATCH_COLUMNS as readonly string[]).includes(name))
      errors.push({
        line: 1,
        column: name,
        message: `Unknown column (expected ${BATCH_COLUMNS.join(', ')})`,
      });
    if (seen.has(name))
      errors.push({ line: 1, column: name, message: 'The column is given twice' });
    seen.add(name);
  }
  for (const name of REQUIRED_COLUMNS)
    if (!seen.has(name)) errors.push({ line: 1, column: name, message: 'Required column missing' });
  if (!seen.has('amount') && !seen.has('total'))
    errors.push({ line: 1, column: 'amount', message: 'An amount or total column is required' });
  return errors;
}

/** The request a record spells (empty cells left out), and the metadata cell's own error. */
function requestOf(record: BatchRecord, refId: string) {
  const cell = (name: BatchColumn) => (record.cells[name] ?? '').trim();
  const body: Record<string, unknown> = {
    profile_id: cell('profile'),
    asset: cell('asset'),
    crypto_network: cell('network'),
    destination_address: cell('destination'),
    ref_id: refId,
  };
  for (const name of ['amount', 'total', 'memo'] as const)
    if (cell(name) !== '') body[name] = cell(name);
  const metadata = parseMetadataCell(record.cells.metadata ?? '');
  const errors: BatchError[] = [];
  if (!metadata.ok)
    errors.push({ line: record.line, column: 'metadata', message: metadata.message });
  else if (metadata.value) {
    body.metadata = metadata.value;
    for (const key of Object.keys(metadata.value))
      if (reservedMetadataKey(key))
        errors.push({
          line: record.line,
          column: 'metadata',
          message: `"${key}" is the console's own key`,
        });
    if (Object.keys(metadata.value).length > OPERATOR_METADATA_PAIRS)
      errors.push({
        line: record.line,
        column: 'metadata',
        message: `At most ${OPERATOR_METADATA_PAIRS} metadata pairs (the console writes the rest)`,
      });
  }
  return { body, errors };
}

/**
 * Validates every record with the one withdrawal schema (POST /api/withdrawals): errors by line
 * and column; each row's ref_id is the file's own, or derived from the batch id and the row
 * number. A ref_id given twice in the file is an error on the later row.
 */
export function validateBatchRecords(
  records: readonly BatchRecord[],
  batchId: string,
  options: AddressValidationOptions,
): ValidatedBatchRow[] {
  const schema = createSubmitWithdrawalRequestSchema(options);
  const refIds = new Set<string>();
  return records.map((record, index) => {
    const row = index + 1;
    const given = (record.cells.ref_id ?? '').trim();
    const refId = given !== '' ? given : derivedRefId(batchId, row);
    const { body, errors } = requestOf(record, refId);
    if (record.extraCells)
      errors.push({ line: record.line, message: 'More cells than the header has columns' });
    if (refIds.has(refId))
      errors.push({
        line: record.line,
        column: 'ref_id',
        message: 'This ref_id is used by an earlier row',
      });
    refIds.add(refId);
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        const column = COLUMN_OF_FIELD[field];
        errors.push({ line: record.line, ...(column ? { column } : {}), message: issue.message });
      }
    return {
      row,
      line: record.line,
      ref_id: refId,
      ...(parsed.success && errors.length === 0 ? { request: parsed.data } : { spelled: body }),
      errors,
    };
  });
}
