import { Link } from 'react-router';
import type { ApprovalRequest } from '#contract/approvals';
import { formatUsd } from '#contract/usd-value';
import { BatchApprovalSummarySchema } from '#contract/withdrawal-batches';
import { Card } from '#web/components/ui/card';
import { DecimalText } from '#web/components/ui/decimal-text';

/**
 * A batch of withdrawals held as one request (issue 28): how many rows, what they move per asset
 * and in USD, and the batch itself (every row, its destination flags) one link away.
 */
export function BatchApprovalBody({ request }: { request: ApprovalRequest }) {
  const parsed = BatchApprovalSummarySchema.safeParse(request.batch);
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
    </Card>
  );
}
