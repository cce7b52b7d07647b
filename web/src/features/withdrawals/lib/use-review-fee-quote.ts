import type { FeatureState } from '#contract/companion-features';
import { feeQuoteRequestOf } from '#contract/fee-quotes';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { fittingFeeQuote } from '#web/shared/withdrawal-review/fitting-fee-quote';
import { useFeeQuote, type FeeQuoteState } from './use-fee-quote';

export interface ReviewFeeQuote {
  /** A guaranteed fee is asked for this review (quotes granted, no fee id typed, an amount). */
  wanted: boolean;
  /**
   * "Debit exactly" (a total): no quote is asked. The service guarantees a fee only for an
   * amount no larger than the quote's, and refuses a total with a fee_id.
   */
  debitExactly: boolean;
  state: FeeQuoteState;
  /** The quote's id, sent as fee_id with the submit (only a quote that fits the withdrawal). */
  quotedFeeId: string | undefined;
  /** A quote being asked for or expired must be settled first (the panel offers a new one). */
  blocks: boolean;
}

/**
 * The guaranteed fee while reviewing: asked for when the client is granted quotes, no fee id was
 * typed and the withdrawal gives its amount ("Send exactly"). The answer is compared with the
 * withdrawal before it is shown or used. `body` undefined: not reviewing, no quote. `askNow`
 * false: the quote is asked a moment later (once the review's forecast answers); until then it
 * reads as being asked for, so Submit waits for it from the start instead of being offered, taken
 * back while the quote is asked, and offered again (a submit in that moment went without the
 * guaranteed fee the review then showed).
 */
export function useReviewFeeQuote(
  body: CreateCryptoWithdrawalRequest | undefined,
  feature: FeatureState,
  askNow = true,
): ReviewFeeQuote {
  const debitExactly = body !== undefined && body.total !== undefined;
  const wanted =
    body !== undefined && feature.enabled && body.fee_id === undefined && !debitExactly;
  const asked = useFeeQuote(wanted && askNow ? feeQuoteRequestOf(body) : undefined);
  const state = fittingFeeQuote(
    wanted && !askNow ? { ...asked, loading: true } : asked,
    wanted ? body : undefined,
  );
  return {
    wanted,
    debitExactly,
    state,
    quotedFeeId: wanted && state.quote ? state.quote.id : undefined,
    blocks: wanted && (state.expired || (!state.quote && state.loading)),
  };
}
