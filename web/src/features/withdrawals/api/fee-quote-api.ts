import { FeeQuoteSchema, type FeeQuote, type FeeQuoteRequest } from '#contract/fee-quotes';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { apiRequest } from '#web/lib/api-client';

/** The quote request for a withdrawal under review: the same asset, destination and amount. */
export function quoteRequestOf(body: CreateCryptoWithdrawalRequest): FeeQuoteRequest {
  return {
    asset: body.asset,
    crypto_network: body.crypto_network,
    destination_address: body.destination_address,
    ...(body.total !== undefined ? { total: body.total } : { amount: body.amount! }),
  };
}

/** POST /api/fee-quotes: a fee guaranteed until `expires_at` (sent as the withdrawal's fee_id). */
export async function requestFeeQuote(request: FeeQuoteRequest): Promise<FeeQuote> {
  const { data } = await apiRequest('/api/fee-quotes', {
    method: 'POST',
    body: request,
    schema: FeeQuoteSchema,
  });
  return data;
}
