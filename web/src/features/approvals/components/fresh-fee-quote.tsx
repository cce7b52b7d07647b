import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FeeQuoteDetails } from '#web/shared/withdrawal-review/fee-quote-details';
import { Notice } from '#web/components/ui/notice';
import type { FreshFeeQuoteState } from '../lib/fresh-fee-quote';

/**
 * The fee the withdrawal costs now (POST /api/fee-quotes), shown as the initiator saw theirs: fee,
 * what arrives, the total debit and how long it is guaranteed. The initiator's quote (if any) has
 * most likely expired by now: approving sends this one instead.
 */
export function FreshFeeQuote({
  body,
  state,
}: {
  body: CreateCryptoWithdrawalRequest;
  state: FreshFeeQuoteState;
}) {
  const { quote } = state;
  return (
    <Card title="Fee now" headingLevel={3} aria-label="Fee now">
      {state.loading && !quote && <p className="muted">Asking for a fresh fee quote…</p>}
      {state.error && !quote && (
        <Notice tone="warning" role="alert" title="No fee quote">
          {state.error.message} Approving sends it without a guaranteed fee
          {body.fee_id ? " (the initiator's quote has most likely expired)" : ''}: the network fee
          at the time of sending applies.{' '}
          <Button onClick={state.renew} busy={state.loading}>
            Try again
          </Button>
        </Notice>
      )}
      {quote && (
        <>
          <FeeQuoteDetails
            quote={quote}
            asset={body.asset}
            remainingMs={state.remainingMs}
            expired={state.expired}
          />
          {state.expired ? (
            <Notice tone="warning" role="status" title="The fee quote expired">
              Get a new quote to approve.{' '}
              <Button variant="primary" onClick={state.renew} busy={state.loading}>
                Get a new quote
              </Button>
            </Notice>
          ) : (
            <p className="muted small">
              Approving sends the withdrawal with this guaranteed fee
              {body.fee_id ? ", in place of the initiator's quote" : ''}.
            </p>
          )}
        </>
      )}
    </Card>
  );
}
