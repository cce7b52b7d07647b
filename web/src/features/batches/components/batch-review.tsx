import { formatUsd } from '#contract/usd-value';
import type { WithdrawalBatch } from '#contract/withdrawal-batches';
import { destinationKey } from '#contract/networks/canonical-address';
import { Card } from '#web/components/ui/card';
import { DecimalText } from '#web/components/ui/decimal-text';
import { Notice } from '#web/components/ui/notice';
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
  const flagged = batch.destinations.filter((d) => d.refused || d.look_alikes.length > 0);
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
            : 'None by the tiers (the rolling limits are counted when it is sent)'}
        </dd>
        <dt>Fee</dt>
        <dd>
          <BatchFeeSummary fees={fees} feeNote={batch.fee_note} />
        </dd>
      </dl>
      {flagged.length > 0 && (
        <Notice tone="warning" title="Destinations to look at">
          <ul className="batch-flags">
            {flagged.map((d) => (
              <li key={destinationKey(d.crypto_network, d.address)}>
                <span className="mono">{d.address}</span> ({d.crypto_network}):{' '}
                {d.refused ? `${d.refused}; ` : ''}
                {d.look_alikes.length > 0 ? `looks like ${d.look_alikes.join(', ')}` : ''}
              </li>
            ))}
          </ul>
        </Notice>
      )}
    </Card>
  );
}
