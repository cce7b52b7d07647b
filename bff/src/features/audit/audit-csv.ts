import type { AuditEvent } from '#contract/ledger';

export const AUDIT_CSV_COLUMNS = [
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
] as const;

/**
 * One CSV field (RFC 4180). A value a spreadsheet would run as a formula (= + - @, tab, CR) gets
 * a leading apostrophe: an operator-chosen ref_id must not become code in an auditor's Excel.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

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
  };
  return `${AUDIT_CSV_COLUMNS.map((c) => csvField(values[c])).join(',')}\r\n`;
}
