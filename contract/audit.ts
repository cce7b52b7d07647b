import { z } from 'zod';
import { checkSafeText } from './safe-text';

// The BFF's audit trail: one event per write attempt and per step of an approval request
// (GET /api/audit, and its CSV export).

export const AUDIT_ACTIONS = [
  'withdrawal.submit',
  'address.put',
  'address.archive',
  'address.unarchive',
  'address.memo',
  'address.import',
  'withdrawal_batch.upload',
  'withdrawal_batch.submit',
  'withdrawal_batch.pause',
  'withdrawal_batch.resume',
  'withdrawal_batch.cancel',
  'approval.request',
  'approval.approve',
  'approval.reject',
  'approval.cancel',
  'approval.expire',
  'passkey.register',
  'passkey.rename',
  'passkey.revoke',
  'transfer.elsewhere',
] as const;

/**
 * The fields of an address whose before and after values the audit trail keeps: none of them
 * personal data (a beneficiary's name or address never is kept here; the book's history has it).
 */
export const AUDIT_VALUE_FIELDS: readonly string[] = [
  'nickname',
  'bookmarked_status',
  'travelrule_metadata.custodian_type',
  'travelrule_metadata.vasp.id',
  'travelrule_metadata.vasp.name',
  'travelrule_metadata.vasp.custom_vasp_name',
  'travelrule_metadata.vasp.custom_vasp_website',
];

const AuditChangeValueSchema = z.object({
  path: z.string(),
  /** Absent: the field was not set. */
  before: z.string().optional(),
  after: z.string().optional(),
});
export type AuditChangeValue = z.infer<typeof AuditChangeValueSchema>;

const AuditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  operator_subject: z.string(),
  roles: z.array(z.string()),
  action: z.string(),
  /** ref_id for withdrawals, "network:address:identity" for addresses. */
  target: z.string(),
  request_hash: z.string(),
  /**
   * withdrawal.submit: a submit outcome (created, refused, unknown, awaiting_approval: see
   * withdrawal-outcome.ts), or replayed, created-mismatch, held (asked again while held), conflict
   * (ref_id reused), destination-held, destination-refused (not allowlisted, rejected by an
   * address approver, archived, or another memo than the book's), rejected (BFF validation),
   * error (the ledger failed).
   * address.put: created, updated, refused, unknown, rejected, awaiting_approval.
   * address.memo: memo-saved, memo-cleared (kept, at once or by the last approval: its
   * approver), awaiting_approval (held), refused (another change of the address waits).
   * address.archive: archived. address.unarchive: unarchived (at once or by the last approval),
   * awaiting_approval, refused.
   * approval.*: the request's status after the step (pending, approved, rejected, cancelled,
   * expired), or why the step was refused (refused-self, refused-twice, refused-destination...).
   */
  outcome: z.string(),
  upstream_status: z.number().int().optional(),
  request_id: z.string(),
  /**
   * An address update: the fields it changed, as dotted request names ("nickname",
   * "travelrule_metadata.vasp.id"); empty when it changed nothing. Values: change_values.
   */
  changed_fields: z.array(z.string()).optional(),
  /**
   * The passkey (credential id) that signed an approval's decision, or that a passkey.* event
   * registered, renamed or revoked.
   */
  passkey_id: z.string().optional(),
  /**
   * An address update: before and after of the changed fields whose values are not personal data
   * (AUDIT_VALUE_FIELDS); the Travel Rule's personal data is named in changed_fields only.
   */
  change_values: z.array(AuditChangeValueSchema).optional(),
  /**
   * A withdrawal sent by its last approval: the approvers (the event's operator is its initiator,
   * who asked for it).
   */
  approved_by: z.array(z.object({ subject: z.string(), name: z.string() })).optional(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

// PostgreSQL's timestamptz has no year 0 (ISO 0000 is 1 BC) and an offset can push a year-1 or
// year-9999 instant out of the four-digit years: the bounds are what the column and the ISO form
// both hold, so an instant past them is a 400 and never reaches the database.
const MIN_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const MAX_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** An ISO 8601 instant with an offset, within 0001-01-01 and 9999-12-31 (UTC). */
export const InstantSchema = z.iso.datetime({ offset: true }).refine((text) => {
  const at = Date.parse(text);
  return Number.isFinite(at) && at >= MIN_INSTANT && at <= MAX_INSTANT;
}, 'Outside the dates this console can store (years 0001 to 9999, UTC)');

const ListAuditQueryObject = z.strictObject({
  operator: z.string().min(1).max(200).optional(),
  action: z.string().min(1).max(64).optional(),
  from: InstantSchema.optional(),
  to: InstantSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  cursor: z.string().min(1).max(512).optional(),
});
export const ListAuditQuerySchema = ListAuditQueryObject.superRefine(checkSafeText);
export type ListAuditQuery = z.infer<typeof ListAuditQuerySchema>;

export const ListAuditResponseSchema = z.object({
  events: z.array(AuditEventSchema),
  next_cursor: z.string().optional(),
});
