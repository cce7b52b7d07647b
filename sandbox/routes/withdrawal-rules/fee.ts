import { CRYPTO_NETWORK_LABELS } from '#contract/crypto-network';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import type { ProblemInit } from '#sandbox/http/problem-response';
import {
  EXPIRED_FEE_EXPIRED_AT,
  EXPIRED_FEE_ID,
  UNSUPPORTED_ASSET_REASON,
  VALID_FEE_ID,
} from '#sandbox/seed/magic-values';
import { feeQuoteProblem } from '#sandbox/state/fee-quote-check';
import { networkFee, networksForAsset } from '#sandbox/state/pricing';
import type { FeeQuoteStore } from '../fee-quotes';

/**
 * The network fee a withdrawal pays: the asset must travel on the network; a `fee_id` handed out
 * by POST /v2/transfer/fees/crypto-withdrawal fixes the fee until it expires, for an amount no
 * larger than the quote's (the published rule: a total with a fee_id is 400); the magic fee ids
 * stand for a valid and an expired quote; any other `fee_id` is unknown.
 */
export function withdrawalFee(
  feeQuotes: FeeQuoteStore,
  body: Pick<
    CreateCryptoWithdrawalRequest,
    'asset' | 'crypto_network' | 'destination_address' | 'fee_id' | 'amount' | 'total'
  >,
  nowMs: number,
): { fee: string } | { problem: ProblemInit } {
  const standardFee = networkFee(body.crypto_network, body.asset);
  if (standardFee === undefined) {
    const where = networksForAsset(body.asset);
    return {
      problem: {
        status: 400,
        type: 'unsupported-address',
        detail:
          where.length === 0
            ? `${body.asset} cannot be withdrawn`
            : `${body.asset} cannot be sent on ${CRYPTO_NETWORK_LABELS[body.crypto_network]}; it travels on ${where.join(', ')}`,
        meta: { address: body.destination_address, reason: UNSUPPORTED_ASSET_REASON },
      },
    };
  }

  const quote = body.fee_id !== undefined ? feeQuotes.get(body.fee_id) : undefined;
  if (quote) {
    // A quote handed out by POST /v2/transfer/fees/crypto-withdrawal: its fee, until it expires.
    const problem = feeQuoteProblem(quote, body, nowMs);
    return problem ? { problem } : { fee: quote.fee };
  }
  if (body.fee_id !== undefined && body.fee_id !== VALID_FEE_ID) {
    const problem: ProblemInit =
      body.fee_id === EXPIRED_FEE_ID
        ? {
            status: 403,
            type: 'expired',
            detail: 'The fee quote has expired; get a new quote',
            meta: { expired_at: EXPIRED_FEE_EXPIRED_AT },
          }
        : { status: 404, title: 'Not Found', detail: `No fee quote has the id ${body.fee_id}` };
    return { problem };
  }
  return { fee: standardFee };
}
