import type { FeatureState } from '#contract/companion-features';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { quoteRequestOf } from '../api/fee-quote-api';
import { useFeeQuote, type FeeQuoteState } from './use-fee-quote';

export interface ReviewFeeQuote {
  /** A guaranteed fee is asked for this review (quotes granted, no fee id typed). */
  wanted: boolean;
  state: FeeQuoteState;
  /** The quote's id, sent as fee_id with the submit. */
  quotedFeeId: string | undefined;
  /** A quote being asked for or expired must be settled first (the panel offers a new one). */
  blocks: boolean;
}

/**
 * The guaranteed fee while reviewing: asked for when the client is granted quotes and no fee id
 * was typed. `body` undefined: not reviewing, no quote.
 */
export function useReviewFeeQuote(
  body: CreateCryptoWithdrawalRequest | undefined,
  feature: FeatureState,
): ReviewFeeQuote {
  const wanted = body !== undefined && feature.enabled && body.fee_id === undefined;
  const state = useFeeQuote(wanted ? quoteRequestOf(body) : undefined);
  return {
    wanted,
    state,
    quotedFeeId: wanted && state.quote ? state.quote.id : undefined,
    blocks: wanted && (state.expired || (!state.quote && state.loading)),
  };
}
