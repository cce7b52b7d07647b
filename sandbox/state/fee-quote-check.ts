import { feeQuoteMismatches, feeQuoteMismatchText } from '#contract/fee-quote-match';
import type { StoredFeeQuote } from '../routes/fee-quotes';
import type { ProblemInit } from '../http/problem-response';
import type { CryptoNetwork } from '#contract/crypto-network';

/**
 * A withdrawal's `fee_id` against the quote it names: past `expires_at` is 403 Expired (with
 * `meta.expired_at`); a quote for another asset, network or destination, or a withdrawal asking
 * more than the quote's amount (or a total: the published rule, contract/fee-quote-match.ts),
 * is 400.
 */
export function feeQuoteProblem(
  quote: StoredFeeQuote,
  body: {
    asset: string;
    crypto_network: CryptoNetwork;
    destination_address: string;
    amount?: string | undefined;
    total?: string | undefined;
  },
  nowMs: number,
): ProblemInit | undefined {
  if (nowMs >= quote.expiresAtMs) {
    const expiredAt = new Date(quote.expiresAtMs).toISOString();
    return {
      status: 403,
      title: 'Expired',
      type: 'expired',
      detail: 'The fee quote has expired; get a new quote',
      // The published shape: meta carries expired_at only (the caller knows its fee_id).
      meta: { expired_at: expiredAt },
    };
  }
  const mismatches = feeQuoteMismatches(quote, body);
  if (mismatches.length > 0) {
    const amountOnly = mismatches.every((m) => m === 'amount' || m === 'total');
    return {
      status: 400,
      title: 'Bad Request',
      detail: amountOnly
        ? `A guaranteed fee holds for an amount no larger than the quote's (${quote.amount} ${quote.asset}): give amount, not total, and at most that`
        : feeQuoteMismatchText(mismatches),
      errors: mismatches.map((path) => ({ path, message: 'Not what the fee quote was given for' })),
    };
  }
  return undefined;
}
