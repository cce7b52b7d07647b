import Papa from 'papaparse';
import {
  batchIdOf,
  headerErrors,
  readBatchCsv,
  validateBatchRecords,
  type BatchError,
  type CsvStepParser,
} from '#contract/batch-file';

export interface BrowserValidation {
  batchId: string;
  rows: number;
  valid: number;
  errors: BatchError[];
}

/**
 * The file checked in the browser before it is uploaded, with the same parser settings and the
 * same withdrawal schema the BFF checks it with again. Profile nicknames are the BFF's to resolve.
 */
export function validateBatchFile(csv: string, allowTestnet: boolean): BrowserValidation {
  const batchId = batchIdOf(csv);
  const { header, records } = readBatchCsv(csv, Papa.parse as unknown as CsvStepParser);
  const errors = [...headerErrors(header)];
  const rows = validateBatchRecords(records, batchId, { allowTestnet });
  const PROFILE_ID = /^[0-9a-f-]{36}$/i;
  let valid = 0;
  for (const [index, row] of rows.entries()) {
    const nickname = !PROFILE_ID.test((records[index]?.cells.profile ?? '').trim());
    // A nickname fails no browser check of its own: the BFF resolves it.
    const own = row.errors.filter((e) => !(nickname && e.column === 'profile'));
    if (own.length === 0) valid++;
    errors.push(...own);
  }
  return { batchId, rows: rows.length, valid, errors };
}
