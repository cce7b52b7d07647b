import type { Statement } from '#contract/statements';
import { Card } from '#web/components/ui/card';
import { DateTime } from '#web/components/ui/date-time';
import { DecimalText } from '#web/components/ui/decimal-text';
import { totalPlaces } from '../lib/statement-balances';
import { productLabel, typeLabel } from '../lib/statement-labels';
import { copyable, DetailItem as Item } from './detail-values';
import { StatementStatusBadge } from './statement-status-badge';

/** Every field of the statement the console knows, each with its label (the ids copyable). */
export function StatementSummary({ statement: s }: { statement: Statement }) {
  return (
    <Card title="Summary" aria-label="Summary">
      <dl className="detail-list">
        <Item term="Statement id">{copyable(s.id, 'statement id')}</Item>
        <Item term="Ref id">{copyable(s.ref_id, 'ref id')}</Item>
        <Item term="Customer id">{copyable(s.customer_id, 'customer id')}</Item>
        <Item term="Status">
          <StatementStatusBadge status={s.status} />
          {s.status && <span className="mono muted"> {s.status}</span>}
        </Item>
        <Item term="Type">
          {s.type && (
            <>
              {typeLabel(s.type)} <span className="mono muted">{s.type}</span>
            </>
          )}
        </Item>
        <Item term="Product">
          {s.product && (
            <>
              {productLabel(s.product)} <span className="mono muted">{s.product}</span>
            </>
          )}
        </Item>
        <Item term="Total amount">
          {s.metadata?.total_amount !== undefined && (
            <DecimalText value={s.metadata.total_amount} places={totalPlaces(s)} />
          )}
        </Item>
        <Item term="Period start">{s.period_start && <DateTime value={s.period_start} />}</Item>
        <Item term="Period end">{s.period_end && <DateTime value={s.period_end} />}</Item>
        <Item term="Generated">{s.generated_at && <DateTime value={s.generated_at} />}</Item>
        <Item term="Created">{s.created_at && <DateTime value={s.created_at} />}</Item>
        <Item term="Paid">{s.paid_at && <DateTime value={s.paid_at} />}</Item>
        <Item term="Statement group id">
          {copyable(s.statement_group_id, 'statement group id')}
        </Item>
        <Item term="Version">
          {s.version !== undefined && <span className="mono">{String(s.version)}</span>}
        </Item>
      </dl>
    </Card>
  );
}
