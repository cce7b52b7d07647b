import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FeeQuoteRequest } from '#contract/fee-quotes';
import type { FeeQuoteViewState } from '#web/shared/withdrawal-review/fee-quote-details';
import { useNow } from '#web/lib/use-countdown';
import { requestFeeQuote } from '../api/fee-quote-api';

export interface FeeQuoteState extends FeeQuoteViewState {
  /**
   * The service refused this quote as expired (403 Expired): it is expired from now on, whatever
   * its expires_at says (the service's clock decides, not the page's), until a new one is given.
   */
  expire(quoteId: string): void;
}

/**
 * A guaranteed fee for the withdrawal under review: asked for once when the review opens (and
 * again when the request changes), renewed on demand. `request` undefined: no quote wanted.
 */
export function useFeeQuote(request: FeeQuoteRequest | undefined): FeeQuoteState {
  const mutation = useMutation({ mutationFn: requestFeeQuote });
  const key = request ? JSON.stringify(request) : '';
  const { mutate, reset } = mutation;
  useEffect(() => {
    if (!key) {
      reset();
      return;
    }
    mutate(JSON.parse(key) as FeeQuoteRequest);
  }, [key, mutate, reset]);
  const [expiredId, setExpiredId] = useState<string | undefined>();
  const quote = key ? mutation.data : undefined;
  const expiredByService = quote !== undefined && quote.id === expiredId;
  const expiresAt = quote ? Date.parse(quote.expires_at) : NaN;
  const now = useNow(quote !== undefined && !expiredByService);
  const remainingMs = quote
    ? expiredByService
      ? 0
      : Number.isNaN(expiresAt)
        ? undefined
        : Math.max(0, expiresAt - now)
    : undefined;
  return {
    ...(quote ? { quote } : {}),
    ...(remainingMs !== undefined ? { remainingMs } : {}),
    expired: remainingMs === 0,
    loading: mutation.isPending,
    ...(mutation.error ? { error: mutation.error } : {}),
    renew: () => {
      if (key) mutate(JSON.parse(key) as FeeQuoteRequest);
    },
    expire: setExpiredId,
  };
}
