import { z } from 'zod';
import { BatchErrorSchema } from './batch-file';
import { sumDecimals } from './decimal';
import { checkSafeText } from './safe-text';

// Batch withdrawals from a CSV file (issue 28): one file, one batch, one approval for the whole
// of it. The file and its rows' validation are batch-file.ts; this file is what the BFF answers.

/** What the batch moves, per asset (amounts and totals alike, as the policy counts them). */
export function totalsByAsset(
  requests: ReadonlyArray<{ asset: string; amount?: string; total?: string }>,
): Array<{ asset: string; quantity: string }> {
  const byAsset = new Map<string, string[]>();
  for (const r of requests) {
    const quantity = r.amount ?? r.total;
    if (quantity === undefined) continue;
    byAsset.set(r.asset, [...(byAsset.get(r.asset) ?? []), quantity]);
  }
  return [...byAsset].map(([asset, quantities]) => ({ asset, quantity: sumDecimals(quantities) }));
}

// ---- The BFF's answers ----

export const BATCH_STATUSES = [
  /** Validated; errors to fix or drop, or ready to submit. */
  'draft',
  'awaiting_approval',
  'sending',
  'paused',
  'done',
  'cancelled',
  /** Its approval was rejected or expired: nothing was sent. */
  'not_sent',
] as const;
const BatchStatusSchema = z.enum(BATCH_STATUSES);

const BATCH_ROW_STATES = [
  'invalid',
  'dropped',
  'ready',
  'sending',
  'created',
  'refused',
  'unknown',
  /** Held on its own by the policy while the batch was sent (a limit reached meanwhile). */
  'held',
  'cancelled',
] as const;
const BatchRowStateSchema = z.enum(BATCH_ROW_STATES);

const BatchRowSchema = z.object({
  row: z.number().int(),
  line: z.number().int(),
  ref_id: z.string(),
  state: BatchRowStateSchema,
  /** The row's request; an invalid row's as the file spelled it (never sent). */
  request: z.record(z.string(), z.unknown()).optional(),
  errors: z.array(BatchErrorSchema),
  transfer_id: z.string().optional(),
  /** refused / unknown: why, in words (the problem's title and detail). */
  reason: z.string().optional(),
  approval_id: z.string().optional(),
});
export type BatchRow = z.infer<typeof BatchRowSchema>;

const DestinationFlagSchema = z.object({
  crypto_network: z.string(),
  address: z.string(),
  /** The destination registry's state (approved, pending, cooling_off, rejected, archived, unknown). */
  state: z.string(),
  look_alikes: z.array(z.string()),
  /** Refused by the gate as it stands (not allowlisted, rejected, archived, held, another memo). */
  refused: z.string().optional(),
});

export const WithdrawalBatchSchema = z.object({
  id: z.string(),
  status: BatchStatusSchema,
  created_at: z.string(),
  created_by: z.object({ subject: z.string(), name: z.string() }),
  file_errors: z.array(BatchErrorSchema),
  counts: z.record(z.string(), z.number().int()),
  totals: z.array(
    z.object({ asset: z.string(), quantity: z.string(), usd_value: z.string().optional() }),
  ),
  /** The batch's value in USD; absent when an asset could not be priced. */
  usd_total: z.string().optional(),
  /** What the policy asks for the batch as a whole (before the rolling limits: at submit). */
  requirement: z.object({ approvals: z.number().int(), reason: z.string() }).optional(),
  approval_id: z.string().optional(),
  destinations: z.array(DestinationFlagSchema),
  /**
   * The network fee is the one at the time of sending (no quote's fee_id is sent with a row); the
   * review's per-row quotes are estimates (contract/batch-fee-quotes.ts).
   */
  fee_note: z.string(),
  rows: z.array(BatchRowSchema),
});
export type WithdrawalBatch = z.infer<typeof WithdrawalBatchSchema>;

/** GET /api/withdrawal-batches: newest first, a page at a time (next_cursor), of one status. */
export const ListWithdrawalBatchesQuerySchema = z
  .strictObject({
    status: BatchStatusSchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
    cursor: z.string().min(1).max(512).optional(),
  })
  .superRefine(checkSafeText);
export type ListWithdrawalBatchesQuery = z.infer<typeof ListWithdrawalBatchesQuerySchema>;

/** A batch in the list: who uploaded it, where it stands, its rows by state, totals per asset. */
const WithdrawalBatchSummarySchema = z.object({
  id: z.string(),
  status: BatchStatusSchema,
  created_at: z.string(),
  created_by: z.object({ subject: z.string(), name: z.string() }),
  /** Every row of the file (invalid and dropped ones too). */
  rows: z.number().int(),
  /** Rows by state, as the batch's own `counts`. */
  counts: z.record(z.string(), z.number().int()),
  /** The rows it sends or sent (not invalid, not dropped), per asset: decimal strings. */
  totals: z.array(z.object({ asset: z.string(), quantity: z.string() })),
});
export type WithdrawalBatchSummary = z.infer<typeof WithdrawalBatchSummarySchema>;

export const ListWithdrawalBatchesResponseSchema = z.object({
  batches: z.array(WithdrawalBatchSummarySchema),
  next_cursor: z.string().optional(),
});
export type ListWithdrawalBatchesResponse = z.infer<typeof ListWithdrawalBatchesResponseSchema>;

/** The approval request of a batch (kind withdrawal_batch): what the approver reads. */
export const BatchApprovalSummarySchema = z.object({
  batch_id: z.string(),
  /** sha256 of the canonical JSON of every row's request: what was approved is what is sent. */
  batch_hash: z.string(),
  rows: z.number().int(),
  totals: z.array(z.object({ asset: z.string(), quantity: z.string() })),
  usd_total: z.string().optional(),
});
export type BatchApprovalSummary = z.infer<typeof BatchApprovalSummarySchema>;

/** The report's columns (GET …/report.csv), every cell through csvCell. */
export const BATCH_REPORT_COLUMNS = [
  'row',
  'line',
  'ref_id',
  'state',
  'transfer_id',
  'reason',
  'profile',
  'asset',
  'network',
  'destination',
  'amount',
  'total',
  // What became of the created transfer, as far as the ledger knows it when the report is read
  // (issue 42 item 10): empty until known.
  'transfer_status',
  'crypto_tx_hash',
  'fee',
] as const;
