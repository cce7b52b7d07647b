import type { FeeQuote } from '#contract/fee-quotes';
import {
  feeQuoteMismatches,
  feeQuoteMismatchText,
  GUARANTEED_FEE_NEEDS_AMOUNT,
  type QuotedWithdrawal,
} from '#contract/fee-quote-match';
import { badRequest, type HttpProblem } from '#bff/http/http-problem';

/** How many quotes one instance keeps at most (the oldest go first). */
const MAX_QUOTES = 10_000;

/**
 * The fee quotes this BFF instance handed out (POST /api/fee-quotes), until they expire: a
 * withdrawal that names one by `fee_id` is compared with it before anything is sent. Memory only:
 * a quote from another instance, or from before a restart, is not known here and is left to the
 * service, which keeps the same rule.
 */
export interface FeeQuoteMemory {
  remember(quote: FeeQuote): void;
  get(id: string): FeeQuote | undefined;
}

export function createFeeQuoteMemory(now: () => number = Date.now): FeeQuoteMemory {
  const quotes = new Map<string, { quote: FeeQuote; untilMs: number }>();
  return {
    remember(quote) {
      const expires = Date.parse(quote.expires_at);
      // An expiry that cannot be read: kept a while (the service still says 403 Expired).
      const untilMs = Number.isNaN(expires) ? now() + 15 * 60_000 : expires;
      quotes.delete(quote.id);
      quotes.set(quote.id, { quote, untilMs });
      for (const [id, held] of quotes) {
        if (quotes.size <= MAX_QUOTES && held.untilMs > now()) break;
        quotes.delete(id);
      }
    },
    get(id) {
      const held = quotes.get(id);
      if (!held) return undefined;
      if (held.untilMs <= now()) {
        // Past its expiry: the service answers 403 Expired, which the console explains.
        quotes.delete(id);
        return undefined;
      }
      return held.quote;
    },
  };
}

/**
 * The 400 for a withdrawal whose `fee_id` cannot hold (contract/fee-quote-match.ts): with a
 * `total` (the service refuses it), or naming a quote this BFF handed out for another asset,
 * network, destination or a smaller amount. Nothing is sent. Undefined when there is no fee_id,
 * the quote is not known here, or it fits. The submit and the last approval (the approver's
 * fee_id on the held withdrawal) both ask here.
 */
export function feeQuoteRefusal(
  memory: FeeQuoteMemory | undefined,
  request: QuotedWithdrawal & { fee_id?: string | null | undefined },
): HttpProblem | undefined {
  if (typeof request.fee_id !== 'string') return undefined;
  if (request.total !== undefined)
    return badRequest('The withdrawal request is not valid.', [
      { path: 'fee_id', message: GUARANTEED_FEE_NEEDS_AMOUNT },
    ]);
  const quote = memory?.get(request.fee_id);
  if (!quote) return undefined;
  const mismatches = feeQuoteMismatches(quote, request);
  if (mismatches.length === 0) return undefined;
  return badRequest(
    `${feeQuoteMismatchText(mismatches)}: it cannot guarantee this withdrawal's fee. Get a quote for this withdrawal, or send it without one.`,
    mismatches.map((path) => ({ path, message: 'Not what the fee quote was given for' })),
  );
}
