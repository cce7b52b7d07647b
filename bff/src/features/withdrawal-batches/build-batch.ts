import Papa from 'papaparse';
import {
  batchIdOf,
  headerErrors,
  readBatchCsv,
  validateBatchRecords,
  type BatchError,
  type BatchRecord,
  type CsvStepParser,
} from '#contract/batch-file';
import type { Environment } from '#contract/session';
import type { Operator } from '#bff/auth/operator';
import type { StoredBatch, StoredBatchRow } from '#bff/store/withdrawal-batch-port';

/** Profile nicknames to ids (the profiles feature's reader, when the app wires one in). */
export type ProfileResolver = (nickname: string) => Promise<string[]>;

const PROFILE_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * A profile cell that is no id is a nickname: resolved to its one profile id when a resolver is
 * wired; unknown or ambiguous (or no resolver) is the row's error.
 */
async function resolveNicknames(
  records: BatchRecord[],
  resolve: ProfileResolver | undefined,
): Promise<Map<number, BatchError>> {
  const errors = new Map<number, BatchError>();
  const cache = new Map<string, string[]>();
  for (const record of records) {
    const cell = (record.cells.profile ?? '').trim();
    if (cell === '' || PROFILE_ID.test(cell)) continue;
    if (!resolve) {
      errors.set(record.line, {
        line: record.line,
        column: 'profile',
        message: 'Give the profile id (profile nicknames are not resolved by this console)',
      });
      continue;
    }
    let ids = cache.get(cell);
    try {
      ids ??= await resolve(cell);
    } catch (error) {
      const why = error instanceof Error ? error.message : 'no answer';
      errors.set(record.line, {
        line: record.line,
        column: 'profile',
        message: `The nickname could not be looked up (${why.slice(0, 80)}): give the profile id`,
      });
      continue;
    }
    cache.set(cell, ids);
    if (ids.length === 1) record.cells.profile = ids[0]!;
    else
      errors.set(record.line, {
        line: record.line,
        column: 'profile',
        message:
          ids.length === 0
            ? `No profile is nicknamed "${cell.slice(0, 60)}"`
            : `${ids.length} profiles are nicknamed "${cell.slice(0, 60)}": give the profile id`,
      });
  }
  return errors;
}

/**
 * The batch a CSV file makes, validated row by row with the one withdrawal schema (as the
 * browser did): its id from the file's content, each row's ref_id fixed now.
 */
export async function buildBatch(
  csvText: string,
  context: { operator: Operator; environment: Environment; resolveProfile?: ProfileResolver },
): Promise<{ batch: StoredBatch; rows: StoredBatchRow[] }> {
  const id = batchIdOf(csvText);
  const { header, records } = readBatchCsv(csvText, Papa.parse as unknown as CsvStepParser);
  const fileErrors = headerErrors(header);
  if (header.length === 0) fileErrors.push({ line: 1, message: 'The file is empty' });
  const nicknameErrors = await resolveNicknames(records, context.resolveProfile);
  const validated = validateBatchRecords(records, id, {
    allowTestnet: context.environment.allow_testnet,
  });
  const rows = validated.map((row): StoredBatchRow => {
    const nickname = nicknameErrors.get(row.line);
    const errors = nickname
      ? [nickname, ...row.errors.filter((e) => e.column !== 'profile')]
      : row.errors;
    const valid = row.request !== undefined && errors.length === 0;
    // An invalid row keeps what the file said (issue 42 item 12: its destination, not an empty
    // cell); its state keeps it from ever being sent.
    const request = valid ? row.request : (row.spelled ?? row.request);
    return {
      row: row.row,
      line: row.line,
      refId: row.ref_id,
      state: valid ? 'ready' : 'invalid',
      ...(request ? { request } : {}),
      errors,
    };
  });
  const { operator } = context;
  return {
    batch: {
      id,
      status: 'draft',
      createdAt: new Date().toISOString(),
      operator: {
        subject: operator.subject,
        name: operator.name,
        ...(operator.email !== undefined ? { email: operator.email } : {}),
        roles: [...operator.roles],
      },
      fileErrors,
    },
    rows,
  };
}
