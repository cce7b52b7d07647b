// The audit log as the features see it (sql-audit-log.ts implements it).
import type { AuditEvent, ListAuditQuery } from '#contract/audit';

export type NewAuditEvent = Omit<AuditEvent, 'id' | 'at'> & {
  /** The operator's display name: the operator filter finds events by it (not returned). */
  operator_name?: string | undefined;
};

export interface AuditLog {
  /** Append-only: there is no update or delete. */
  append(event: NewAuditEvent): Promise<AuditEvent>;
  /** Many events in one write, in their order (an address import's page of rows). */
  appendMany(events: readonly NewAuditEvent[]): Promise<void>;
  list(query: ListAuditQuery): Promise<{ events: AuditEvent[]; next_cursor?: string }>;
}
