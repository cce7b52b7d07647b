import {
  feeQuoteMismatches,
  feeQuoteMismatchText,
  type QuotedWithdrawal,
} from '#contract/fee-quote-match';
import type { FeeQuoteViewState } from './fee-quote-details';

/**
 * A quote state with its quote compared to the withdrawal it is for (contract/fee-quote-match.ts),
 * as a created transfer is compared with its request: a quote for another asset, network,
 * destination or a smaller amount is neither shown nor sent; it stands as an error saying why
 * (the withdrawal then goes without a guaranteed fee, as when no quote could be had).
 */
export function fittingFeeQuote<S extends FeeQuoteViewState>(
  state: S,
  withdrawal: QuotedWithdrawal | undefined,
): S {
  if (!state.quote || !withdrawal) return state;
  const mismatches = feeQuoteMismatches(state.quote, withdrawal);
  if (mismatches.length === 0) return state;
  const { quote: _quote, remainingMs: _remaining, ...rest } = state;
  return {
    ...rest,
    expired: false,
    error: new Error(
      `${feeQuoteMismatchText(mismatches)}: it is not used. The withdrawal goes without a guaranteed fee unless a new quote fits.`,
    ),
  } as S;
}
