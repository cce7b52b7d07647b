import type { FeatureState } from '#contract/companion-features';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FeeQuoteDetails } from '#web/shared/withdrawal-review/fee-quote-details';
import { Notice } from '#web/components/ui/notice';
import type { FeeQuoteState } from '../lib/use-fee-quote';

interface FeeQuotePanelProps {
  feature: FeatureState;
  /** The fee id typed in the form, if any: then no quote is asked for. */
  manualFeeId?: string | undefined;
  /** "Debit exactly" (a total): no quote is asked, and the panel says why. */
  debitExactly?: boolean;
  state: FeeQuoteState;
}

/**
 * The guaranteed fee at review: fee, the amount that arrives and the total debit, with the
 * quote's expiry counting down and a way to renew it. Says plainly when quotes are unavailable.
 */
export function FeeQuotePanel({ feature, manualFeeId, debitExactly, state }: FeeQuotePanelProps) {
  if (!feature.enabled)
    return (
      <Notice tone="info" title="No fee quote before sending">
        {feature.reason ?? 'Guaranteed fee quotes are not available.'} The fee is the network fee at
        the time of sending; it shows in the result.
      </Notice>
    );
  if (manualFeeId)
    return (
      <Notice tone="info" title="Fee quote">
        The withdrawal uses the fee id you entered (<code>{manualFeeId}</code>).
      </Notice>
    );
  if (debitExactly)
    return (
      <Notice tone="info" title="No guaranteed fee in “Debit exactly”">
        A guaranteed fee needs “Send exactly”: the service holds a quoted fee only for an amount no
        larger than the quote’s, and refuses a total with a fee quote. This withdrawal is sent
        without one: the fee is the network fee at the time of sending, taken out of the total. For
        a guaranteed fee, go back to edit and choose “Send exactly”.
      </Notice>
    );
  const { quote } = state;
  return (
    <Card title="Guaranteed fee" headingLevel={3} aria-label="Guaranteed fee">
      {state.loading && !quote && <p className="muted">Asking for a fee quote…</p>}
      {state.error && !quote && (
        <Notice tone="warning" role="alert" title="No fee quote">
          {state.error.message}{' '}
          <Button onClick={state.renew} busy={state.loading}>
            Try again
          </Button>
        </Notice>
      )}
      {quote && (
        <>
          <FeeQuoteDetails quote={quote} remainingMs={state.remainingMs} expired={state.expired} />
          {state.expired && (
            <Notice tone="warning" role="status" title="The fee quote expired">
              Get a new quote to submit; the withdrawal keeps its ref_id.{' '}
              <Button variant="primary" onClick={state.renew} busy={state.loading}>
                Get a new quote
              </Button>
            </Notice>
          )}
        </>
      )}
    </Card>
  );
}
