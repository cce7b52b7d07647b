import { z } from 'zod';
import { InstantSchema } from './audit';
import { OperatorRefSchema } from './operator-ref';
import { ProblemSchema } from './problem';
import { checkSafeText } from './safe-text';
import { AWAITING_APPROVAL, SENT_OUTCOMES } from './withdrawal-outcome';
import { TransferSchema } from './withdrawals';

// The BFF's durable record of withdrawals (the upstream cannot list them): GET /api/withdrawals.

export const LEDGER_STATUSES = [
  /** An attempt holds it: the create is on its way to the service (or its answer is). */
  'submitting',
  ...SENT_OUTCOMES,
  /** Held by the four-eyes policy: nothing has reached the service yet (ref_id fixed). */
  AWAITING_APPROVAL,
  /** Its approval request was rejected, cancelled or expired: it never reached the service. */
  'not_sent',
] as const;
const LedgerStatusSchema = z.enum(LEDGER_STATUSES);
export type LedgerStatus = z.infer<typeof LedgerStatusSchema>;

/** One try at the upstream for a ref_id. */
const WithdrawalAttemptSchema = z.object({
  number: z.number().int().positive(),
  started_at: z.string(),
  finished_at: z.string().optional(),
  /** A sent outcome, or replayed (a 409 Already Exists matching the intent). */
  result: z.enum([...SENT_OUTCOMES, 'replayed']).optional(),
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

/** The longest search text: a ref_id (128), a transaction hash or an address fits. */
export const LEDGER_SEARCH_MAX = 128;

const ListWithdrawalsQueryObject = z.strictObject({
  status: LedgerStatusSchema.optional(),
  operator: z.string().min(1).max(200).optional(),
  crypto_network: z.string().min(1).max(40).optional(),
  ref_id: z.string().min(1).max(128).optional(),
  asset: z
    .string()
    .regex(/^[A-Z0-9]{2,12}$/, 'An asset code such as BTC or USDG')
    .optional(),
  /** Submitted at or after this instant (ISO 8601 with an offset). */
  from: InstantSchema.optional(),
  /** Submitted before this instant. */
  to: InstantSchema.optional(),
  /**
   * The start of a ref_id, a transaction hash or a destination address. Addresses of networks
   * whose addresses ignore case (EVM, Sui, bech32, CashAddr) and hex hashes match in any case.
   */
  q: z
    .string()
    .trim()
    .min(1, 'Type the start of a ref_id, a transaction hash or an address')
    .max(LEDGER_SEARCH_MAX)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().min(1).max(512).optional(),
});
export const ListWithdrawalsQuerySchema = ListWithdrawalsQueryObject.superRefine((query, ctx) => {
  checkSafeText(query, ctx);
  if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to))
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'The end of the range is before its start',
    });
});
export type ListWithdrawalsQuery = z.infer<typeof ListWithdrawalsQuerySchema>;

export const ListWithdrawalsResponseSchema = z.object({
  withdrawals: z.array(WithdrawalRecordSchema),
  next_cursor: z.string().optional(),
});
