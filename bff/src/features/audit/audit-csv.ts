import { csvCell } from '#contract/csv-cell';
import type { AuditEvent } from '#contract/audit';

const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'operator_subject',
  'roles',
  'action',
  'target',
  'request_hash',
  'outcome',
  'upstream_status',
  'request_id',
  // An address update's changed fields, space-separated (empty: not an update).
  'changed_fields',
  // The passkey (credential id) that signed a decision, or a passkey.* event's key. Appended
  // last, so the earlier columns keep their places.
  'passkey_id',
  // An approved send's approvers ("Name <subject>", "; "-separated; its operator is the
  // initiator), and an address update's before → after of the fields the trail keeps values of
  // (JSON). Appended last, as passkey_id.
  'approved_by',
  'change_values',
] as const;

export function auditCsvHeader(): string {
  return `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
}

export function auditCsvRow(event: AuditEvent): string {
  const values: Record<(typeof AUDIT_CSV_COLUMNS)[number], string> = {
    id: event.id,
    at: event.at,
    operator_subject: event.operator_subject,
    roles: event.roles.join(' '),
    action: event.action,
    target: event.target,
    request_hash: event.request_hash,
    outcome: event.outcome,
    upstream_status: event.upstream_status === undefined ? '' : String(event.upstream_status),
    request_id: event.request_id,
    changed_fields: event.changed_fields?.join(' ') ?? '',
    passkey_id: event.passkey_id ?? '',
    approved_by: event.approved_by?.map((a) => `${a.name} <${a.subject}>`).join('; ') ?? '',
    change_values: event.change_values ? JSON.stringify(event.change_values) : '',
  };
  return `${AUDIT_CSV_COLUMNS.map((c) => csvCell(values[c])).join(',')}\r\n`;
}
