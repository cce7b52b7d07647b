import { canonicalAddress } from '#contract/networks/canonical-address';
import type { StoredFeeQuote } from '../routes/fee-quotes';
import type { ProblemInit } from '../http/problem-response';
import type { CryptoNetwork } from '#contract/crypto-network';

/**
 * A withdrawal's `fee_id` against the quote it names: past `expires_at` is 403 Expired (with
 * `meta.expired_at`); a quote for another asset, network or destination is 400.
 */
export function feeQuoteProblem(
  quote: StoredFeeQuote,
  body: { asset: string; crypto_network: CryptoNetwork; destination_address: string },
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
  const sameDestination =
    quote.crypto_network === body.crypto_network &&
    canonicalAddress(quote.crypto_network, quote.destination_address) ===
      canonicalAddress(body.crypto_network, body.destination_address);
  if (quote.asset !== body.asset || !sameDestination) {
    return {
      status: 400,
      title: 'Bad Request',
      detail: 'The fee quote was given for another asset, network or destination',
      errors: [{ path: 'fee_id', message: 'Not a quote for this withdrawal' }],
    };
  }
  return undefined;
}
