import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { FeeQuoteSchema } from '#contract/fee-quotes';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import type { FeeQuoteViewState } from '#web/shared/withdrawal-review/fee-quote-details';
import { fittingFeeQuote } from '#web/shared/withdrawal-review/fitting-fee-quote';
import { approvalKeys } from '#web/shared/approvals/pending-approvals-api';
import { apiRequest } from '#web/lib/api-client';
import { useNow } from '#web/lib/use-countdown';

/** Whether a cached query is a fresh fee quote: asking it again makes a new quote upstream. */
export const isFreshFeeQuoteKey = (key: readonly unknown[]): boolean =>
  key[0] === approvalKeys.feeQuotes[0] && key[1] === approvalKeys.feeQuotes[1];

/**
 * A fee quote asked for when the approver opens the request (POST /api/fee-quotes): the fee the
 * withdrawal costs now. The panel shows it and Approve sends its id, so what the approver saw is
 * what is sent. `undefined`: no quote wanted (skipped).
 */
function freshFeeQuoteQuery(body: CreateCryptoWithdrawalRequest | undefined) {
  const request = body && {
    asset: body.asset,
    crypto_network: body.crypto_network,
    destination_address: body.destination_address,
    ...(body.total !== undefined ? { total: body.total } : { amount: body.amount }),
  };
  return queryOptions({
    queryKey: approvalKeys.feeQuote(request ?? null),
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

/** The approver's quote: the same view state as the initiator's. */
export type FreshFeeQuoteState = FeeQuoteViewState;

/**
 * The approver's fresh quote with its expiry ticking once a second. Used once per page: the panel
 * shows this state and Approve sends this quote's id, so both always mean the same quote.
 */
export function useFreshFeeQuote(
  body: CreateCryptoWithdrawalRequest | undefined,
): FreshFeeQuoteState {
  const query = useQuery(freshFeeQuoteQuery(body));
  const quote = body ? query.data : undefined;
  const expiresAt = quote ? Date.parse(quote.expires_at) : NaN;
  // Ticks while a quote is counting down (it stops at expiry, when Date.now() passes expiresAt).
  const now = useNow(!Number.isNaN(expiresAt) && Date.now() < expiresAt);
  const remainingMs = quote && !Number.isNaN(expiresAt) ? Math.max(0, expiresAt - now) : undefined;
  const { refetch } = query;
  // A quote for another withdrawal is neither shown nor sent (it stands as an error).
  return fittingFeeQuote<FreshFeeQuoteState>(
    {
      ...(quote ? { quote } : {}),
      ...(remainingMs !== undefined ? { remainingMs } : {}),
      expired: remainingMs === 0,
      loading: body !== undefined && query.isFetching,
      ...(body && query.error ? { error: query.error } : {}),
      renew: () => {
        if (body) void refetch();
      },
    },
    body,
  );
}

/**
 * The fee_id Approve sends: the fresh quote's; null when none could be had (the initiator's, hours
 * old, would only be refused as expired: the network fee at sending applies, as for an initiator
 * whose quote failed); undefined while there is no answer yet.
 */
export function approvalFeeId(state: FreshFeeQuoteState): string | null | undefined {
  if (state.quote && !state.expired) return state.quote.id;
  return !state.quote && state.error ? null : undefined;
}

/** A quote being asked for or expired is settled before approving (as before submitting). */
export const quoteBlocksApproval = (state: FreshFeeQuoteState): boolean =>
  state.expired || (!state.quote && state.loading);
