import { addDecimal, isDecimalString } from '#contract/decimal';
import type { FeeQuote } from '#contract/fee-quotes';
import { formatCountdown } from '#web/lib/use-countdown';
import { DecimalText } from '#web/components/ui/decimal-text';

/** A fee quote as a page holds it: asked for, counting down to its expiry, renewable. */
export interface FeeQuoteViewState {
  quote?: FeeQuote;
  /** Milliseconds until the quote expires (0 once expired); undefined without a quote. */
  remainingMs?: number;
  expired: boolean;
  loading: boolean;
  error?: Error;
  /** Asks for a new quote (after expiry or a failed ask). */
  renew(): void;
}

interface FeeQuoteDetailsProps {
  quote: FeeQuote;
  /** The withdrawal's asset, for a quote that does not name its own. */
  asset?: string | undefined;
  /** Milliseconds until the quote expires (0 once expired); undefined when it cannot be told. */
  remainingMs?: number | undefined;
  expired: boolean;
}

/**
 * A guaranteed fee quote's figures, the same for the initiator's review and the approver's: fee,
 * what arrives, the total debit (the quote's, else amount + fee in decimals) and how long it holds.
 */
export function FeeQuoteDetails({ quote, asset, remainingMs, expired }: FeeQuoteDetailsProps) {
  const shownAsset = quote.asset ?? asset;
  const total =
    quote.total ??
    (quote.amount !== undefined && isDecimalString(quote.amount) && isDecimalString(quote.fee)
      ? addDecimal(quote.amount, quote.fee)
      : undefined);
  return (
    <dl className="detail-list">
      <dt>Fee</dt>
      <dd>
        <DecimalText value={quote.fee} asset={shownAsset} />
      </dd>
      <dt>Arrives</dt>
      <dd>
        <DecimalText value={quote.amount} asset={shownAsset} />
      </dd>
      <dt>Total debit</dt>
      <dd>
        <DecimalText value={total} asset={shownAsset} />
      </dd>
      <dt>Guaranteed</dt>
      <dd>
        <span role="timer" aria-live="off">
          {expired
            ? 'Expired'
            : remainingMs !== undefined
              ? `for ${formatCountdown(remainingMs)}`
              : `until ${quote.expires_at}`}
        </span>
      </dd>
    </dl>
  );
}
