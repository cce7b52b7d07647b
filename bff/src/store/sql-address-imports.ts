import type {
  AddressImportRow,
  AddressImportSummary,
  ImportRowKind,
} from '#contract/address-import';
import type { OperatorRef } from '#contract/operator-ref';
import type { Database, SqlParam } from './database';
import type { AddressImportStore, NewImportRow } from './address-import-port';
import { isoTime, jsonValue } from './sql-time';

interface ImportRow {
  id: string;
  created_at: unknown;
  created_by_subject: string;
  created_by_name: string;
  status: AddressImportSummary['status'];
  row_count: number;
  invalid_count: number;
  create_count: number;
  update_count: number;
  unchanged_count: number;
  look_alike_count: number;
}

interface RowRow {
  line: number;
  kind: ImportRowKind;
  crypto_network: string | null;
  address: string | null;
  request: unknown;
  errors: unknown;
  diff: unknown;
  look_alikes: unknown;
  outcome: string | null;
  outcome_detail: string | null;
  approval_id: string | null;
}

function toSummary(row: ImportRow): AddressImportSummary {
  return {
    id: row.id,
    created_at: isoTime(row.created_at),
    created_by: { subject: row.created_by_subject, name: row.created_by_name },
    status: row.status,
    counts: {
      rows: row.row_count,
      invalid: row.invalid_count,
      create: row.create_count,
      update: row.update_count,
      unchanged: row.unchanged_count,
      look_alike: row.look_alike_count,
    },
  };
}

function toRow(row: RowRow): AddressImportRow {
  return {
    line: row.line,
    kind: row.kind,
    ...(row.crypto_network !== null ? { crypto_network: row.crypto_network } : {}),
    ...(row.address !== null ? { address: row.address } : {}),
    ...(row.request !== null ? { request: jsonValue<Record<string, unknown>>(row.request) } : {}),
    errors: jsonValue(row.errors),
    diff: jsonValue(row.diff),
    look_alikes: jsonValue(row.look_alikes),
    ...(row.outcome !== null ? { outcome: row.outcome } : {}),
    ...(row.outcome_detail !== null ? { outcome_detail: row.outcome_detail } : {}),
    ...(row.approval_id !== null ? { approval_id: row.approval_id } : {}),
  };
}

const SUMMARY_COLUMNS = `id, created_at, created_by_subject, created_by_name, status, row_count,
  invalid_count, create_count, update_count, unchanged_count, look_alike_count`;
/** A row as the preview stored it (`r`), its outcome columns aside. */
const PREVIEW_COLUMNS = `r.line, r.kind, r.crypto_network, r.address, r.request, r.errors, r.diff,
  r.look_alikes`;
/**
 * A row with its outcome: from address_import_outcomes (migration 026), else from the row's own
 * columns, where an instance of the previous version wrote it during a rolling restart. The
 * outcomes are joined from the page's first line on (`$2`): without that bound the planner read
 * every outcome of the import for each page.
 */
const ROW_COLUMNS = `${PREVIEW_COLUMNS},
  CASE WHEN o.line IS NULL THEN r.outcome ELSE o.outcome END AS outcome,
  CASE WHEN o.line IS NULL THEN r.outcome_detail ELSE o.outcome_detail END AS outcome_detail,
  CASE WHEN o.line IS NULL THEN r.approval_id ELSE o.approval_id END AS approval_id`;
const ROWS_WITH_OUTCOMES = `address_import_rows r
  LEFT JOIN address_import_outcomes o
    ON o.import_id = r.import_id AND o.line = r.line AND o.line > $2`;
/** A row still to apply: a create or update that has no outcome in either place. */
const PENDING = `r.outcome IS NULL AND r.kind IN ('create', 'update')
  AND NOT EXISTS (SELECT 1 FROM address_import_outcomes o
                   WHERE o.import_id = r.import_id AND o.line = r.line AND o.line > $2)`;
/** A pending row: its own outcome columns (empty on a row still to apply). */
const PENDING_COLUMNS = `${PREVIEW_COLUMNS}, r.outcome, r.outcome_detail, r.approval_id`;

/** The columns of one stored row, in the INSERT's order. */
const INSERT_COLUMNS = 11;

function rowParams(importId: string, row: NewImportRow): SqlParam[] {
  return [
    importId,
    row.line,
    row.kind,
    row.crypto_network ?? null,
    row.address ?? null,
    row.destinationKey ?? null,
    row.probe ?? null,
    row.request === undefined ? null : JSON.stringify(row.request),
    JSON.stringify(row.errors),
    JSON.stringify(row.diff),
    JSON.stringify(row.look_alikes),
  ];
}

/** An import's preview finished, read back, claimed and applied row by row. */
function sqlImportProgress(
  db: Database,
): Pick<
  AddressImportStore,
  'finishPreview' | 'get' | 'rows' | 'claim' | 'setOutcomes' | 'finishApply'
> {
  return {
    async finishPreview(importId: string) {
      await db.query(
        `UPDATE address_imports i SET status = 'previewed',
           row_count = c.total, invalid_count = c.invalid, create_count = c.creates,
           update_count = c.updates, unchanged_count = c.unchanged, look_alike_count = c.look_alikes
           FROM (SELECT count(*)::int AS total,
                   count(*) FILTER (WHERE kind = 'invalid')::int AS invalid,
                   count(*) FILTER (WHERE kind = 'create')::int AS creates,
                   count(*) FILTER (WHERE kind = 'update')::int AS updates,
                   count(*) FILTER (WHERE kind = 'unchanged')::int AS unchanged,
                   count(*) FILTER (WHERE look_alikes <> '[]'::jsonb)::int AS look_alikes
                   FROM address_import_rows WHERE import_id = $1) c
          WHERE i.id = $1`,
        [importId],
      );
    },

    async get(importId: string) {
      const rows = await db.query<ImportRow>(
        `SELECT ${SUMMARY_COLUMNS} FROM address_imports WHERE id = $1`,
        [importId],
      );
      return rows[0] ? toSummary(rows[0]) : undefined;
    },

    async rows(
      importId: string,
      options: { afterLine?: number; limit: number; pending?: boolean },
    ) {
      const rows = await db.query<RowRow>(
        options.pending
          ? `SELECT ${PENDING_COLUMNS} FROM address_import_rows r
              WHERE r.import_id = $1 AND r.line > $2 AND ${PENDING}
              ORDER BY r.line LIMIT $3`
          : `SELECT ${ROW_COLUMNS} FROM ${ROWS_WITH_OUTCOMES}
              WHERE r.import_id = $1 AND r.line > $2
              ORDER BY r.line LIMIT $3`,
        [importId, options.afterLine ?? 0, options.limit],
      );
      return rows.map(toRow);
    },

    async claim(importId: string) {
      const rows = await db.query<{ id: string }>(
        `UPDATE address_imports SET status = 'applying'
          WHERE id = $1 AND status IN ('previewed', 'applying') RETURNING id`,
        [importId],
      );
      return rows.length > 0;
    },

    setOutcomes: (importId, outcomes) => setOutcomes(db, importId, outcomes),

    async finishApply(importId: string) {
      await db.query(
        `UPDATE address_imports SET status = 'applied' WHERE id = $1 AND status = 'applying'`,
        [importId],
      );
    },
  };
}

/**
 * A page's outcomes in one statement (on PGlite a statement is a round of its protocol), into
 * the narrow outcomes table: not an UPDATE of the wide preview rows (migration 026 says why).
 */
async function setOutcomes(
  db: Database,
  importId: string,
  outcomes: Parameters<AddressImportStore['setOutcomes']>[1],
): Promise<void> {
  if (outcomes.length === 0) return;
  await db.query(
    `INSERT INTO address_import_outcomes (import_id, line, outcome, outcome_detail, approval_id)
     SELECT $1, o.line, o.outcome, o.detail, o.approval_id
       FROM jsonb_to_recordset($2::jsonb) AS o(line int, outcome text, detail text,
         approval_id text)
     ON CONFLICT (import_id, line) DO UPDATE
        SET outcome = excluded.outcome, outcome_detail = excluded.outcome_detail,
            approval_id = excluded.approval_id`,
    [
      importId,
      JSON.stringify(
        outcomes.map(({ line, outcome }) => ({
          line,
          outcome: outcome.outcome,
          detail: outcome.detail ?? null,
          approval_id: outcome.approvalId ?? null,
        })),
      ),
    ],
  );
}

/** An address file's preview and apply, row by row in the database (never the file in memory). */
export function createSqlAddressImports(db: Database): AddressImportStore {
  /** Several rows in one statement: a 5,000-row preview made 5,000 round trips of one row each. */
  const insertRows = async (importId: string, rows: readonly NewImportRow[]) => {
    const values = rows.map((_, r) => {
      const at = (c: number) => `$${r * INSERT_COLUMNS + c}`;
      return `(${at(1)}, ${at(2)}, ${at(3)}, ${at(4)}, ${at(5)}, ${at(6)}, ${at(7)}, ${at(8)}::jsonb, ${at(9)}::jsonb, ${at(10)}::jsonb, ${at(11)}::jsonb)`;
    });
    await db.query(
      `INSERT INTO address_import_rows (import_id, line, kind, crypto_network, address,
         destination_key, probe, request, errors, diff, look_alikes)
       VALUES ${values.join(', ')}`,
      rows.flatMap((row) => rowParams(importId, row)),
    );
  };
  return {
    async create(id: string, operator: OperatorRef) {
      await db.query(
        `INSERT INTO address_imports (id, created_by_subject, created_by_name, status)
         VALUES ($1, $2, $3, 'previewing')`,
        [id, operator.subject, operator.name],
      );
    },

    async addRow(importId: string, row: NewImportRow) {
      await insertRows(importId, [row]);
    },

    async addRows(importId: string, rows: readonly NewImportRow[]) {
      if (rows.length > 0) await insertRows(importId, rows);
    },

    async sameProbe(importId: string, probe: string) {
      const rows = await db.query<{ line: number; crypto_network: string; address: string }>(
        `SELECT line, crypto_network, address FROM address_import_rows
          WHERE import_id = $1 AND probe = $2 ORDER BY line LIMIT 20`,
        [importId, probe],
      );
      return rows;
    },

    async lineOf(importId: string, destinationKey: string) {
      const rows = await db.query<{ line: number }>(
        `SELECT line FROM address_import_rows
          WHERE import_id = $1 AND destination_key = $2 ORDER BY line LIMIT 1`,
        [importId, destinationKey],
      );
      return rows[0]?.line;
    },

    ...sqlImportProgress(db),
  };
}
