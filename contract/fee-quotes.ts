import { z } from 'zod';
import { CryptoNetworkSchema, ResponseCryptoNetworkSchema } from './crypto-network';
import { DecimalStringSchema, isPositiveDecimal } from './decimal';
import { checkSafeText } from './safe-text';
import { tolerant, UnreadableSchema } from './tolerant-read';

/**
 * POST /v2/transfer/fees/crypto-withdrawal (scope fee:write_crypto_withdrawal_fee): a fee
 * guaranteed until `expires_at` when its `id` is sent as the withdrawal's `fee_id`. Exactly one of
 * `amount` (what arrives) or `total` (what is debited). Amounts are decimal strings.
 */
export const FeeQuoteRequestSchema = z
  .strictObject({
    asset: z.string().regex(/^[A-Z0-9]{2,12}$/, 'An asset code such as BTC or USDG'),
    crypto_network: CryptoNetworkSchema,
    destination_address: z.string().trim().min(1, 'Required').max(256),
    amount: DecimalStringSchema.refine(isPositiveDecimal, 'More than zero').optional(),
    total: DecimalStringSchema.refine(isPositiveDecimal, 'More than zero').optional(),
  })
  .refine((b) => (b.amount === undefined) !== (b.total === undefined), {
    message: 'Give exactly one of amount or total',
    path: ['amount'],
  })
  .superRefine(checkSafeText);
export type FeeQuoteRequest = z.infer<typeof FeeQuoteRequestSchema>;

/**
 * The quote request for a withdrawal (a single one under review, or a batch's row): the same
 * asset, network, destination, and its amount or total.
 */
export function feeQuoteRequestOf(withdrawal: {
  asset: string;
  crypto_network: FeeQuoteRequest['crypto_network'];
  destination_address: string;
  amount?: string | undefined;
  total?: string | undefined;
}): FeeQuoteRequest {
  return {
    asset: withdrawal.asset,
    crypto_network: withdrawal.crypto_network,
    destination_address: withdrawal.destination_address,
    ...(withdrawal.total !== undefined
      ? { total: withdrawal.total }
      : { amount: withdrawal.amount! }),
  };
}

const FeeQuoteObjectSchema = z.looseObject({
  id: z.string().min(1),
  fee: z.string(),
  asset: z.string().optional(),
  amount: z.string().optional(),
  total: z.string().optional(),
  expires_at: z.string(),
  destination_address: z.string().optional(),
  crypto_network: ResponseCryptoNetworkSchema.optional(),
  /** Set by this console when part of the answer could not be read. */
  unreadable: UnreadableSchema.optional(),
});
/**
 * The answer, read tolerantly (tolerant-read.ts): unknown members kept, a null member is "not
 * given", a member of the wrong type is left out and named. Without an `id`, `fee` and
 * `expires_at` it is no quote that could be used, and still fails.
 */
export const FeeQuoteSchema = tolerant(FeeQuoteObjectSchema);
export type FeeQuote = z.infer<typeof FeeQuoteSchema>;
