import { z } from 'zod';

// The fee of a batch's rows, quoted for its review (issue 28 item 1: "the fee, quoted where
// available"): POST /api/withdrawal-batches/:id/fee-quotes asks the service for one fee quote per
// row (fee:write_crypto_withdrawal_fee), each compared with its row before it is shown
// (contract/fee-quote-match.ts). Information only: a quote's id is never handed out, so no row is
// sent with a fee_id; each row pays the network fee at the time it is sent.

/** At most this many quotes are asked for one review (rows asking the same quote share one). */
export const BATCH_FEE_QUOTE_MAX = 200;

/** What the review says of the quotes, wherever they are shown. */
export const BATCH_FEE_ESTIMATE_NOTE =
  'Estimates for information: each quote is the service’s fee for its row now and holds only until its expiry. They are not sent with the rows (no guaranteed fee): each row pays the network fee at the time it is sent, which may differ.';

const BatchRowFeeSchema = z.object({
  row: z.number().int(),
  /** quoted: the service's quote for this row (as it gave it); unavailable: `reason` says why. */
  state: z.enum(['quoted', 'unavailable']),
  /** The fee exactly as the service wrote it (a decimal string; anything else is shown as is). */
  fee: z.string().optional(),
  asset: z.string().optional(),
  expires_at: z.string().optional(),
  reason: z.string().optional(),
});
export type BatchRowFee = z.infer<typeof BatchRowFeeSchema>;

const BatchFeeTotalSchema = z.object({
  asset: z.string(),
  /** The sum of the decimal fees quoted for this asset's rows (big.js, never a JS number). */
  fee: z.string(),
  quoted_rows: z.number().int(),
  /** Rows of this asset whose fee is not in `fee`: no quote, or a fee that is not a decimal. */
  unquoted_rows: z.number().int(),
});

export const BatchFeeQuotesSchema = z.object({
  batch_id: z.string(),
  /** false: no quote was asked (the fee quote feature is off for this client): `reason`. */
  available: z.boolean(),
  reason: z.string().optional(),
  /** One per row the batch would send (valid, not dropped). */
  rows: z.array(BatchRowFeeSchema),
  totals: z.array(BatchFeeTotalSchema),
  /** The earliest expiry among the quotes shown (the figures hold until then at best). */
  expires_at: z.string().optional(),
  note: z.string(),
});
export type BatchFeeQuotes = z.infer<typeof BatchFeeQuotesSchema>;
