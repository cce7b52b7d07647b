import { z } from 'zod';
import { ProblemSchema } from './problem';
import { TransferSchema } from './withdrawals';
import { CryptoDestinationAddressSchema } from './destination-addresses';
import { checkSafeText } from './safe-text';

// Shapes of the BFF's own durable record (the upstream cannot list withdrawals or addresses).

export const LEDGER_STATUSES = [
  'submitting',
  'created',
  'refused',
  'unknown',
  /** Held by the four-eyes policy: nothing has reached the service yet (ref_id fixed). */
  'awaiting_approval',
  /** Its approval request was rejected, cancelled or expired: it never reached the service. */
  'not_sent',
] as const;
export const LedgerStatusSchema = z.enum(LEDGER_STATUSES);
export type LedgerStatus = z.infer<typeof LedgerStatusSchema>;

export const OperatorRefSchema = z.object({ subject: z.string(), name: z.string() });
export type OperatorRef = z.infer<typeof OperatorRefSchema>;

/** One try at the upstream for a ref_id. */
export const WithdrawalAttemptSchema = z.object({
  number: z.number().int().positive(),
  started_at: z.string(),
  finished_at: z.string().optional(),
  /** created | refused | unknown | replayed (a 409 Already Exists matching the intent) */
  result: z.enum(['created', 'refused', 'unknown', 'replayed']).optional(),
  upstream_status: z.number().int().optional(),
  detail: z.string().optional(),
  request_id: z.string().optional(),
});
export type WithdrawalAttempt = z.infer<typeof WithdrawalAttemptSchema>;

export const WithdrawalRecordSchema = z.object({
  ref_id: z.string(),
  status: LedgerStatusSchema,
  operator: OperatorRefSchema,
  request_hash: z.string(),
  /** The upstream request body as submitted (no secrets; Travel Rule data never travels here). */
  request: z.record(z.string(), z.unknown()),
  transfer: TransferSchema.optional(),
  /**
   * Set when the upstream answered 200 with a transfer that does not match the request: the
   * request fields it differs in (ref_id, amount, destination_address...). Needs review.
   */
  transfer_mismatch: z.array(z.string()).optional(),
  problem: ProblemSchema.optional(),
  created_at: z.string(),
  updated_at: z.string(),
  attempts: z.array(WithdrawalAttemptSchema).optional(),
  /** The approval request that holds (or held) it, when the policy asked for one. */
  approval_id: z.string().optional(),
  /**
   * The body as sent upstream: the request with the console's attribution in its metadata
   * (aoc_initiated_by, aoc_approved_by, aoc_request_id). A check again resends exactly this.
   */
  sent_request: z.record(z.string(), z.unknown()).optional(),
});
export type WithdrawalRecord = z.infer<typeof WithdrawalRecordSchema>;

const ListWithdrawalsQueryObject = z.strictObject({
  status: LedgerStatusSchema.optional(),
  operator: z.string().min(1).max(200).optional(),
  crypto_network: z.string().min(1).max(40).optional(),
  ref_id: z.string().min(1).max(128).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().min(1).max(512).optional(),
});
export const ListWithdrawalsQuerySchema = ListWithdrawalsQueryObject.superRefine(checkSafeText);
export type ListWithdrawalsQuery = z.infer<typeof ListWithdrawalsQuerySchema>;

export const ListWithdrawalsResponseSchema = z.object({
  withdrawals: z.array(WithdrawalRecordSchema),
  next_cursor: z.string().optional(),
});
export type ListWithdrawalsResponse = z.infer<typeof ListWithdrawalsResponseSchema>;

// ---- Address book ----

export const AddressBookEntrySchema = z.object({
  key: z.string(),
  crypto_network: z.string(),
  address: z.string(),
  identity_id: z.string().optional(),
  nickname: z.string().optional(),
  bookmarked: z.boolean(),
  has_travel_rule: z.boolean(),
  /** The upstream's latest answer for this address. */
  upstream: CryptoDestinationAddressSchema,
  saved_by: OperatorRefSchema,
  updated_at: z.string(),
  version: z.number().int().positive(),
  /** Set while an approved change is cooling off: no withdrawal to it before this instant. */
  receivable_from: z.string().optional(),
});
export type AddressBookEntry = z.infer<typeof AddressBookEntrySchema>;

const ListAddressesQueryObject = z.strictObject({
  q: z.string().max(256).optional(),
  crypto_network: z.string().min(1).max(40).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export const ListAddressesQuerySchema = ListAddressesQueryObject.superRefine(checkSafeText);
export type ListAddressesQuery = z.infer<typeof ListAddressesQuerySchema>;

export const ListAddressesResponseSchema = z.object({ addresses: z.array(AddressBookEntrySchema) });

// ---- Audit trail ----

export const AUDIT_ACTIONS = [
  'withdrawal.submit',
  'address.put',
  'approval.request',
  'approval.approve',
  'approval.reject',
  'approval.cancel',
  'approval.expire',
] as const;

export const AuditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  operator_subject: z.string(),
  roles: z.array(z.string()),
  action: z.string(),
  /** ref_id for withdrawals, "network:address:identity" for addresses. */
  target: z.string(),
  request_hash: z.string(),
  /** created | updated (an address) | replayed | refused | unknown | rejected (BFF validation) */
  outcome: z.string(),
  upstream_status: z.number().int().optional(),
  request_id: z.string(),
  /**
   * An address update: the fields it changed, as dotted request names ("nickname",
   * "travelrule_metadata.vasp.id"); empty when it changed nothing. Never the values.
   */
  changed_fields: z.array(z.string()).optional(),
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
