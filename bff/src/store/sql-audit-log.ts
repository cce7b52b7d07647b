import type { AuditChangeValue, AuditEvent, ListAuditQuery } from '#contract/audit';
import type { OperatorRef } from '#contract/operator-ref';
import { storableText } from '#contract/safe-text';
import type { Database } from './database';
import { selectKeysetPage } from './keyset-page';
import type { AuditLog, NewAuditEvent } from './audit-log-port';
import { addAuditOperators, matchingOperators, operatorSearchText } from './sql-audit-operators';
import { isoTime, isoTimeSql } from './sql-time';

interface EventRow {
  id: string;
  at_text: unknown;
  operator_subject: string;
  roles: string[];
  action: string;
  target: string;
  request_hash: string;
  outcome: string;
  upstream_status: number | null;
  request_id: string;
  changed_fields: string[] | null;
  passkey_id: string | null;
  change_values: AuditChangeValue[] | null;
  approved_by: OperatorRef[] | null;
}

// What the export reads a million of, made cheap to read: `at` as text made by the database
// (isoTimeSql), named apart since an output column `at` would be what ORDER BY at sorts by (text,
// no index); the text arrays as JSON, which the drivers read with JSON.parse instead of their
// array parser (the two were a fifth of the export's CPU: docs/bench.md).
const EVENT_COLUMNS = `id::text AS id, ${isoTimeSql('audit_events.at')} AS at_text, operator_subject,
  to_json(roles) AS roles, action, target, request_hash, outcome, upstream_status, request_id,
  to_json(changed_fields) AS changed_fields, passkey_id, change_values, approved_by`;

function toEvent(row: EventRow): AuditEvent {
  return {
    id: row.id,
    at: isoTime(row.at_text),
    operator_subject: row.operator_subject,
    roles: row.roles,
    action: row.action,
    target: row.target,
    request_hash: row.request_hash,
    outcome: row.outcome,
    ...(row.upstream_status !== null ? { upstream_status: row.upstream_status } : {}),
    request_id: row.request_id,
    ...(row.changed_fields !== null ? { changed_fields: row.changed_fields } : {}),
    ...(row.passkey_id !== null ? { passkey_id: row.passkey_id } : {}),
    ...(row.change_values !== null ? { change_values: row.change_values } : {}),
    ...(row.approved_by !== null ? { approved_by: row.approved_by } : {}),
  };
}

/**
 * An event's columns as written: a refused request is audited with what it carried (its ref_id,
 * its address), and the database refuses NUL in text, so every text is written with NUL and lone
 * surrogates shown as U+FFFD: the refusal is on the trail instead of failing the insert. `search`:
 * the operator's search text (subject and name) for audit_operators.
 */
function storableEvent(event: NewAuditEvent) {
  return {
    operator_subject: storableText(event.operator_subject),
    search: storableText(operatorSearchText(event.operator_subject, event.operator_name)),
    roles: event.roles.map(storableText),
    action: storableText(event.action),
    target: storableText(event.target),
    request_hash: storableText(event.request_hash),
    outcome: storableText(event.outcome),
    upstream_status: event.upstream_status ?? null,
    request_id: storableText(event.request_id),
    changed_fields: event.changed_fields?.map(storableText) ?? null,
    passkey_id: event.passkey_id !== undefined ? storableText(event.passkey_id) : null,
    change_values: event.change_values ? storableText(JSON.stringify(event.change_values)) : null,
    approved_by: event.approved_by ? storableText(JSON.stringify(event.approved_by)) : null,
  };
}

/**
 * Many events in one statement, in their order (the ids follow `ord`), written as append writes
 * one: an address import's page of address.put events.
 */
async function appendMany(db: Database, events: readonly NewAuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  const input = events.map((event, ord) => ({ ord, ...storableEvent(event) }));
  await db.query(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS i(ord int, operator_subject text,
         search text, roles text[], action text, target text, request_hash text,
         outcome text, upstream_status int, request_id text, changed_fields text[],
         passkey_id text, change_values text, approved_by text)
     ), added_operators AS (
       ${addAuditOperators('SELECT DISTINCT operator_subject, search FROM input')}
     )
     INSERT INTO audit_events (operator_subject, roles, action, target, request_hash, outcome,
       upstream_status, request_id, changed_fields, passkey_id, change_values, approved_by)
     SELECT operator_subject, roles, action, target, request_hash, outcome, upstream_status,
       request_id, changed_fields, passkey_id, change_values::jsonb, approved_by::jsonb
     FROM input ORDER BY ord`,
    [JSON.stringify(input)],
  );
}

/**
 * The audit trail. Append-only by construction: this module has an INSERT and SELECTs and
 * nothing else, and the table's triggers refuse UPDATE, DELETE and TRUNCATE from anyone.
 */
export function createSqlAuditLog(db: Database): AuditLog {
  return {
    async append(event: NewAuditEvent) {
      // The operator's search text goes to audit_operators in the same statement.
      const e = storableEvent(event);
      const rows = await db.query<EventRow>(
        `WITH added_operator AS (${addAuditOperators('VALUES ($1, $2)')})
         INSERT INTO audit_events (operator_subject, roles, action, target, request_hash, outcome,
           upstream_status, request_id, changed_fields, passkey_id, change_values, approved_by)
         VALUES ($1, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::jsonb)
         RETURNING ${EVENT_COLUMNS}`,
        [
          e.operator_subject,
          e.search,
          e.roles,
          e.action,
          e.target,
          e.request_hash,
          e.outcome,
          e.upstream_status,
          e.request_id,
          e.changed_fields,
          e.passkey_id,
          e.change_values,
          e.approved_by,
        ],
      );
      return toEvent(rows[0]!);
    },

    appendMany: (events) => appendMany(db, events),

    async list(query: ListAuditQuery) {
      // Names and prefixes, in any case: the operators a word of whose subject or name starts
      // with what was typed, then their events, each operator's from its own index.
      const operators =
        query.operator !== undefined ? await matchingOperators(db, query.operator) : undefined;
      const { rows, next_cursor } = await selectKeysetPage<EventRow>(db, {
        select: `SELECT ${EVENT_COLUMNS} FROM audit_events`,
        key: 'audit_events.id',
        positionOf: (row) => row.id,
        limit: query.limit ?? 100,
        cursor: query.cursor,
        // A time range is read newest first by time (index (at, id), migration 018): at scale
        // the range's rows are then one index range, wherever in the trail they lie.
        ...(query.from !== undefined || query.to !== undefined
          ? { byTime: { time: 'at', table: 'audit_events' } }
          : {}),
        ...(operators
          ? { oneOf: { column: 'operator_subject', values: operators, table: 'audit_events' } }
          : {}),
        filter: (add) => {
          if (query.action !== undefined) add((p) => `action = ${p}`, query.action);
          if (query.from !== undefined) add((p) => `at >= ${p}::timestamptz`, query.from);
          if (query.to !== undefined) add((p) => `at < ${p}::timestamptz`, query.to);
        },
      });
      return { events: rows.map(toEvent), ...(next_cursor ? { next_cursor } : {}) };
    },
  };
}
