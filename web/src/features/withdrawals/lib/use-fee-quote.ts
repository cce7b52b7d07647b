import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FeeQuote, FeeQuoteRequest } from '../../../../../contract/fee-quotes';
import { requestFeeQuote } from '../api/fee-quote-api';

/** The current time, ticking every second while `active` (for an expiry countdown). */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export interface FeeQuoteState {
  quote?: FeeQuote;
  /** Milliseconds until the quote expires (0 once expired); undefined without a quote. */
  remainingMs?: number;
  expired: boolean;
  loading: boolean;
  error?: Error;
  /** Asks for a new quote (after expiry); the withdrawal keeps its ref_id. */
  renew(): void;
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
  const quote = key ? mutation.data : undefined;
  const expiresAt = quote ? Date.parse(quote.expires_at) : NaN;
  const now = useNow(quote !== undefined);
  const remainingMs = quote
    ? Number.isNaN(expiresAt)
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
  };
}

/** "1:45" */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
