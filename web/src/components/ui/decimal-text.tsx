import { formatDecimalForDisplay } from '#web/lib/decimal';

interface DecimalTextProps {
  value: string | undefined | null;
  /** Asset code shown after the figure. */
  asset?: string;
  className?: string;
}

/** A money figure from its decimal string: grouped, never rounded, never through a JS number. */
export function DecimalText({ value, asset, className }: DecimalTextProps) {
  if (value === undefined || value === null || value === '')
    return <span className="muted">—</span>;
  return (
    <span className={['mono', className].filter(Boolean).join(' ')}>
      {formatDecimalForDisplay(value)}
      {asset ? ` ${asset}` : ''}
    </span>
  );
}
