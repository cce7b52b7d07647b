import { queryOptions, skipToken } from '@tanstack/react-query';
import { FeeQuoteSchema } from '../../../../../contract/fee-quotes';
import type { CreateCryptoWithdrawalRequest } from '../../../../../contract/withdrawals';
import { apiRequest } from '../../../lib/api-client';

/**
 * A fee quote asked for when the approver opens the request (POST /api/fee-quotes): the fee the
 * withdrawal costs now. The panel shows it and Approve sends its id, so what the approver saw is
 * what is sent. One query (one key) for both, so the quote is asked for once. `undefined`: no quote
 * wanted (skipped).
 */
export function freshFeeQuoteQuery(body: CreateCryptoWithdrawalRequest | undefined) {
  const request = body && {
    asset: body.asset,
    crypto_network: body.crypto_network,
    destination_address: body.destination_address,
    ...(body.total !== undefined ? { total: body.total } : { amount: body.amount }),
  };
  return queryOptions({
    queryKey: ['approvals', 'fee-quote', request ?? null] as const,
    queryFn: request
      ? async () =>
          (
            await apiRequest('/api/fee-quotes', {
              method: 'POST',
              body: request,
              schema: FeeQuoteSchema,
            })
          ).data
      : skipToken,
    staleTime: 0,
    retry: false,
  });
}
