import type { AuditEvent, ListAuditQuery } from '#contract/audit';
import { storableText } from '#contract/safe-text';
import type { Database } from './database';
import { selectKeysetPage } from './keyset-page';
import type { AuditLog, NewAuditEvent } from './ports';
import { isoTime } from './sql-time';

interface EventRow {
  id: string;
  at: unknown;
  operator_subject: string;
  roles: string[];
  action: string;
  target: string;
  request_hash: string;
  outcome: string;
  upstream_status: number | null;
  request_id: string;
  changed_fields: string[] | null;
}

const EVENT_COLUMNS = `id::text AS id, at, operator_subject, roles, action, target, request_hash,
  outcome, upstream_status, request_id, changed_fields`;

function toEvent(row: EventRow): AuditEvent {
  return {
    id: row.id,
    at: isoTime(row.at),
    operator_subject: row.operator_subject,
    roles: row.roles,
    action: row.action,
    target: row.target,
    request_hash: row.request_hash,
    outcome: row.outcome,
    ...(row.upstream_status !== null ? { upstream_status: row.upstream_status } : {}),
    request_id: row.request_id,
    ...(row.changed_fields !== null ? { changed_fields: row.changed_fields } : {}),
  };
}

/**
 * The audit trail. Append-only by construction: this module has an INSERT and SELECTs and
 * nothing else, and the table's triggers refuse UPDATE, DELETE and TRUNCATE from anyone.
 */
export function createSqlAuditLog(db: Database): AuditLog {
  return {
    async append(event: NewAuditEvent) {
      // A refused request is audited with what it carried (its ref_id, its address), and the
      // database refuses NUL in text: every text is written with NUL and lone surrogates shown
      // as U+FFFD, so the refusal is on the trail instead of failing the insert.
      const rows = await db.query<EventRow>(
        `INSERT INTO audit_events (operator_subject, roles, action, target, request_hash, outcome,
           upstream_status, request_id, changed_fields)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         RETURNING ${EVENT_COLUMNS}`,
        [
          storableText(event.operator_subject),
          event.roles.map(storableText),
          storableText(event.action),
          storableText(event.target),
          storableText(event.request_hash),
          storableText(event.outcome),
          event.upstream_status ?? null,
          storableText(event.request_id),
          event.changed_fields?.map(storableText) ?? null,
        ],
      );
      return toEvent(rows[0]!);
    },

    async list(query: ListAuditQuery) {
      const { rows, next_cursor } = await selectKeysetPage<EventRow>(db, {
        select: `SELECT ${EVENT_COLUMNS} FROM audit_events`,
        key: 'audit_events.id',
        positionOf: (row) => row.id,
        limit: query.limit ?? 100,
        cursor: query.cursor,
        filter: (add) => {
          if (query.operator !== undefined) add((p) => `operator_subject = ${p}`, query.operator);
          if (query.action !== undefined) add((p) => `action = ${p}`, query.action);
          if (query.from !== undefined) add((p) => `at >= ${p}::timestamptz`, query.from);
          if (query.to !== undefined) add((p) => `at < ${p}::timestamptz`, query.to);
        },
      });
      return { events: rows.map(toEvent), ...(next_cursor ? { next_cursor } : {}) };
    },
  };
}
