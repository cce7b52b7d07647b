import type { Statement } from '#contract/statements';
import { Card } from '#web/components/ui/card';
import { fieldText, unknownFields } from '../lib/unknown-fields';
import { DetailItem } from './detail-values';

/** Fields the console does not know yet, shown as received rather than dropped. */
export function StatementOtherFields({ statement }: { statement: Statement }) {
  const extra = unknownFields(statement);
  return (
    <Card title="Other fields" aria-label="Other fields" className="statement-detail__extra">
      {extra.length === 0 ? (
        <p className="muted">None: every field of this statement is shown on this page.</p>
      ) : (
        <dl className="detail-list">
          {extra.map((field) => (
            <DetailItem key={field.path} term={field.path}>
              <pre>{fieldText(field.value)}</pre>
            </DetailItem>
          ))}
        </dl>
      )}
    </Card>
  );
}
