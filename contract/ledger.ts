import { z } from 'zod';
import { ProblemSchema } from './problem';
import { TransferSchema } from './withdrawals';
import { CryptoDestinationAddressSchema } from './destination-addresses';

// Shapes of the BFF's own durable record (the upstream cannot list withdrawals or addresses).

export const LEDGER_STATUSES = ['submitting', 'created', 'refused', 'unknown'] as const;
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
});
export type WithdrawalRecord = z.infer<typeof WithdrawalRecordSchema>;

export const ListWithdrawalsQuerySchema = z.strictObject({
  status: LedgerStatusSchema.optional(),
  operator: z.string().min(1).max(200).optional(),
  crypto_network: z.string().min(1).max(40).optional(),
  ref_id: z.string().min(1).max(128).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().min(1).max(512).optional(),
});
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
});
export type AddressBookEntry = z.infer<typeof AddressBookEntrySchema>;

export const ListAddressesQuerySchema = z.strictObject({
  q: z.string().max(256).optional(),
  crypto_network: z.string().min(1).max(40).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export type ListAddressesQuery = z.infer<typeof ListAddressesQuerySchema>;

export const ListAddressesResponseSchema = z.object({ addresses: z.array(AddressBookEntrySchema) });

// ---- Audit trail ----

export const AUDIT_ACTIONS = ['withdrawal.submit', 'address.put'] as const;

export const AuditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  operator_subject: z.string(),
  roles: z.array(z.string()),
  action: z.string(),
  /** ref_id for withdrawals, "network:address:identity" for addresses. */
  target: z.string(),
  request_hash: z.string(),
  /** created | replayed | refused | unknown | rejected (BFF validation) */
  outcome: z.string(),
  upstream_status: z.number().int().optional(),
  request_id: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const ListAuditQuerySchema = z.strictObject({
  operator: z.string().min(1).max(200).optional(),
  action: z.string().min(1).max(64).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  cursor: z.string().min(1).max(512).optional(),
});
export type ListAuditQuery = z.infer<typeof ListAuditQuerySchema>;

export const ListAuditResponseSchema = z.object({
  events: z.array(AuditEventSchema),
  next_cursor: z.string().optional(),
});
