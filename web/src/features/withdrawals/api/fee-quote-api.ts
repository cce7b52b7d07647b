import { FeeQuoteSchema, type FeeQuote, type FeeQuoteRequest } from '#contract/fee-quotes';
import { apiRequest } from '#web/lib/api-client';

/** POST /api/fee-quotes: a fee guaranteed until `expires_at` (sent as the withdrawal's fee_id). */
export async function requestFeeQuote(request: FeeQuoteRequest): Promise<FeeQuote> {
  const { data } = await apiRequest('/api/fee-quotes', {
    method: 'POST',
    body: request,
    schema: FeeQuoteSchema,
  });
  return data;
}
