import { formatUsd } from '#contract/usd-value';
import type { WithdrawalBatch } from '#contract/withdrawal-batches';
import { Card } from '#web/components/ui/card';
import { DecimalText } from '#web/components/ui/decimal-text';
import { BatchDestinationWarnings } from '#web/shared/batches/batch-destination-warnings';
import type { BatchFeesState } from '../lib/use-batch-fee-quotes';
import { BatchFeeSummary } from './batch-fee-summary';

/**
 * The review of a batch before it is sent: what it moves per asset and in USD, the approval the
 * policy asks for the batch as a whole, destinations the gate would refuse or that imitate a
 * known one, and the fee (the service's quote per row where it gives one, as an estimate).
 */
export function BatchReview({
  batch,
  fees,
}: {
  batch: WithdrawalBatch;
  /** The review's quotes (useBatchFeeQuotes); undefined: not asked, the fee note alone. */
  fees?: BatchFeesState | undefined;
}) {
  return (
    <Card title="Review" headingLevel={2} aria-label="Review">
      <dl className="detail-list">
        <dt>Totals</dt>
        <dd>
          {batch.totals.map((t) => (
            <div key={t.asset}>
              <DecimalText value={t.quantity} asset={t.asset} />
              {t.usd_value && <span className="muted"> ({formatUsd(t.usd_value)})</span>}
            </div>
          ))}
        </dd>
        <dt>Worth</dt>
        <dd>
          {batch.usd_total ? formatUsd(batch.usd_total) : 'Not priced (an asset has no USD price)'}
        </dd>
        <dt>Approval</dt>
        <dd>
          {batch.requirement
            ? `${batch.requirement.approvals === 1 ? '1 approval' : `${batch.requirement.approvals} approvals`} for the whole batch: ${batch.requirement.reason}`
            : 'None: neither the tiers nor the rolling limits as they stand now (Send decides again)'}
        </dd>
        <dt>Fee</dt>
        <dd>
          <BatchFeeSummary fees={fees} feeNote={batch.fee_note} />
        </dd>
      </dl>
      <BatchDestinationWarnings destinations={batch.destinations} />
    </Card>
  );
}
