import type { WithdrawalBatch } from '#contract/withdrawal-batches';
import { destinationKey } from '#contract/networks/canonical-address';
import { Notice } from '#web/components/ui/notice';
import './batch-destination-warnings.css';

/**
 * Every destination of a batch the gate would refuse or that imitates a known one (issue 42 item
 * 6): what the reviewer reads before Send and the approver before Approve. Nothing when none is.
 */
export function BatchDestinationWarnings({
  destinations,
}: {
  destinations: WithdrawalBatch['destinations'];
}) {
  const flagged = destinations.filter((d) => d.refused || d.look_alikes.length > 0);
  if (flagged.length === 0) return null;
  return (
    <Notice tone="warning" title="Destinations to look at">
      <ul className="batch-flags">
        {flagged.map((d) => (
          <li key={destinationKey(d.crypto_network, d.address)}>
            <span className="mono">{d.address}</span> ({d.crypto_network}):{' '}
            {[
              d.refused && `${d.refused}: its rows are not sent`,
              d.look_alikes.length > 0 && `looks like ${d.look_alikes.join(', ')}`,
            ]
              .filter(Boolean)
              .join('; ')}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
