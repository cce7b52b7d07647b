import { formatLocal, formatUtc } from '#web/lib/date-format';

interface DateTimeProps {
  value: string | undefined | null;
  /** Show only the date part (periods). */
  dateOnly?: boolean;
  /** Also give the value exactly as sent in the hover title (a service's record, for reconciling). */
  rawTitle?: boolean;
}

/** A timestamp in UTC, with the operator's local time on hover. Unparseable values show raw. */
export function DateTime({ value, dateOnly, rawTitle }: DateTimeProps) {
  if (!value) return <span className="muted">—</span>;
  const utc = formatUtc(value, dateOnly);
  if (!utc) return <span className="mono">{value}</span>;
  return (
    <time
      dateTime={value}
      // A date-only display still gives the exact instant on hover: UTC, then local.
      title={`${rawTitle ? `${value} · ` : ''}${dateOnly ? `${formatUtc(value)} · ` : ''}Local time: ${formatLocal(value)}`}
      className="nowrap"
    >
      {utc}
    </time>
  );
}
