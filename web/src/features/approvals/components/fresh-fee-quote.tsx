import { useQuery } from '@tanstack/react-query';
import type { CreateCryptoWithdrawalRequest } from '../../../../../contract/withdrawals';
import { Card } from '../../../components/ui/card';
import { DateTime } from '../../../components/ui/date-time';
import { DecimalText } from '../../../components/ui/decimal-text';
import { freshFeeQuoteQuery } from '../lib/fresh-fee-quote';

/**
 * The fee the network would charge now (POST /api/fee-quotes), so the approver sees what the
 * withdrawal costs at the moment they approve, not when it was requested.
 */
export function FreshFeeQuote({ body }: { body: CreateCryptoWithdrawalRequest }) {
  const quote = useQuery(freshFeeQuoteQuery(body));
  return (
    <Card title="Fee now" headingLevel={3} aria-label="Fee now">
      {quote.isPending ? (
        <p className="muted">Asking for a fresh fee quote…</p>
      ) : quote.isError ? (
        <p className="muted">
          No fee quote: {quote.error.message} The network fee at the time of sending applies.
        </p>
      ) : (
        <>
          <dl className="detail-list">
            <dt>Fee</dt>
            <dd>
              <DecimalText value={quote.data.fee} asset={quote.data.asset ?? body.asset} />
            </dd>
            {quote.data.total !== undefined && (
              <>
                <dt>Total debit</dt>
                <dd>
                  <DecimalText value={quote.data.total} asset={quote.data.asset ?? body.asset} />
                </dd>
              </>
            )}
            <dt>Quoted until</dt>
            <dd>
              <DateTime value={quote.data.expires_at} />
            </dd>
          </dl>
          <p className="muted small">Approving sends the withdrawal with this guaranteed fee.</p>
        </>
      )}
    </Card>
  );
}
