import type { Logger } from '../logger';
import type { AuditLog, NewAuditEvent } from '../store/audit-log-port';
import { persistWithRetry } from './persist-with-retry';

/**
 * The one way an audit event is written (withdrawal submits, approved sends, address saves,
 * approval steps): appended after what it records already happened, tried again on failure, and
 * when every try failed, logged as `alert: 'record_not_written'` with the request id, action,
 * target and outcome to repair it by hand (plus `logFields`). Never throws: a failing audit log
 * never hides the answer the operator is owed.
 */
export async function recordAudit(
  sink: { audit: AuditLog; logger: Logger },
  event: NewAuditEvent,
  logFields: Record<string, unknown> = {},
): Promise<void> {
  await persistWithRetry(() => sink.audit.append(event), {
    logger: sink.logger,
    what: 'audit event',
    fields: {
      req_id: event.request_id,
      action: event.action,
      target: event.target,
      outcome: event.outcome,
      ...logFields,
    },
  });
}

/**
 * recordAudit for many events written together (an address import's page of rows): one write,
 * tried again as one; when every try failed, the alert names each event's request id.
 */
export async function recordAudits(
  sink: { audit: AuditLog; logger: Logger },
  events: readonly NewAuditEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await persistWithRetry(() => sink.audit.appendMany(events), {
    logger: sink.logger,
    what: `${events.length} audit events`,
    fields: {
      req_ids: events.map((event) => event.request_id),
      action: events[0]!.action,
      targets: events.map((event) => event.target),
    },
  });
}
