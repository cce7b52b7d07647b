import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ApprovalRequest } from '#contract/approvals';
import { formatUsd } from '#contract/usd-value';
import { BatchApprovalSummarySchema } from '#contract/withdrawal-batches';
import { Card } from '#web/components/ui/card';
import { DecimalText } from '#web/components/ui/decimal-text';
import { BatchDestinationWarnings } from '#web/shared/batches/batch-destination-warnings';
import { batchQuery } from '#web/shared/batches/batch-query';

/**
 * A batch of withdrawals held as one request (issue 28): how many rows, what they move per asset
 * and in USD, every destination warning as the batch reads now (issue 42 item 6: the approver
 * sees them before Approve), and the batch itself one link away.
 */
export function BatchApprovalBody({ request }: { request: ApprovalRequest }) {
  const parsed = BatchApprovalSummarySchema.safeParse(request.batch);
  const current = useQuery(batchQuery(parsed.success ? parsed.data.batch_id : undefined));
  if (!parsed.success)
    return (
      <Card title="Batch" headingLevel={2} aria-label="Batch">
        <pre className="mono small">{JSON.stringify(request.batch ?? {}, null, 2)}</pre>
      </Card>
    );
  const batch = parsed.data;
  return (
    <Card title="Batch" headingLevel={2} aria-label="Batch">
      <dl className="detail-list">
        <dt>Rows</dt>
        <dd>{batch.rows} withdrawals</dd>
        <dt>Totals</dt>
        <dd>
          {batch.totals.map((t) => (
            <div key={t.asset}>
              <DecimalText value={t.quantity} asset={t.asset} />
            </div>
          ))}
        </dd>
        <dt>Worth</dt>
        <dd>{batch.usd_total ? formatUsd(batch.usd_total) : 'not priced'}</dd>
        <dt>Batch</dt>
        <dd>
          <Link to={`/batches/${batch.batch_id}`} className="mono">
            Review batch {batch.batch_id}
          </Link>
        </dd>
      </dl>
      {current.data && <BatchDestinationWarnings destinations={current.data.destinations} />}
      {current.isError && (
        <p className="muted">
          The batch’s destinations could not be read here: open the batch to see its warnings.
        </p>
      )}
    </Card>
  );
}
