import { Button } from '#web/components/ui/button';
import { DecimalText } from '#web/components/ui/decimal-text';
import { formatLocal, formatUtc } from '#web/lib/date-format';
import type { BatchFeesState } from '../lib/use-batch-fee-quotes';

const rowsWord = (n: number) => `${n} row${n === 1 ? '' : 's'}`;

/**
 * The review's fee: the service's quote summed per asset (rows without a usable quote counted
 * apart), the earliest expiry, and what the quotes are (estimates, not sent with the rows). Fee
 * unavailable (the feature is off, the service failed): said, with why; the batch goes on.
 */
export function BatchFeeSummary({
  fees,
  feeNote,
}: {
  fees: BatchFeesState | undefined;
  /** The batch's own fee note (the network fee at sending). */
  feeNote: string;
}) {
  if (!fees) return <p>{feeNote}</p>;
  if (!fees.data)
    return fees.loading ? (
      <p role="status">Asking the service for a fee quote per row…</p>
    ) : (
      <>
        <p>Fee unavailable: {fees.error?.message ?? 'no quote could be had'}.</p>
        <p className="muted">{feeNote}</p>
        <Button size="small" onClick={fees.requote}>
          Quote again
        </Button>
      </>
    );
  const { data } = fees;
  if (!data.available)
    return (
      <>
        <p>Fee unavailable: {data.reason}</p>
        <p className="muted">{feeNote}</p>
      </>
    );
  return (
    <>
      <ul className="batch-fees" aria-label="Quoted fee per asset">
        {data.totals.map((t) => (
          <li key={t.asset}>
            <DecimalText value={t.fee} asset={t.asset} /> quoted for {rowsWord(t.quoted_rows)}
            {t.unquoted_rows > 0 && `; ${rowsWord(t.unquoted_rows)} without a usable quote`}
          </li>
        ))}
      </ul>
      <p>
        {data.expires_at === undefined
          ? 'No quote gave an expiry that can be read.'
          : fees.expired
            ? 'The quotes have expired: quote again for current figures.'
            : `Quotes hold until ${formatUtc(data.expires_at) ?? data.expires_at} at the earliest.`}{' '}
        {data.expires_at !== undefined && formatUtc(data.expires_at) !== undefined && (
          <span className="muted small">({formatLocal(data.expires_at)})</span>
        )}
      </p>
      <p className="muted">{data.note}</p>
      <Button size="small" busy={fees.loading} onClick={fees.requote}>
        Quote again
      </Button>
    </>
  );
}
