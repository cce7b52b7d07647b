import { formatAmount } from '#web/lib/decimal';

interface DecimalTextProps {
  value: string | undefined | null;
  /** Asset code shown after the figure. */
  asset?: string;
  /**
   * Fraction digits to pad the figure to (the asset's usual places: usualPlaces, usualPlacesOf);
   * never fewer than it has. Undefined: shown exactly as received.
   */
  places?: number | undefined;
  /**
   * Shown on hover; by default the value exactly as received, with its asset. null: none (the
   * element around it has one).
   */
  title?: string | null;
  className?: string;
}

/**
 * A money figure from its decimal string: grouped, padded to its asset's usual places, never
 * rounded, never through a JS number. The value exactly as received is its title (hover).
 */
export function DecimalText({ value, asset, places, title, className }: DecimalTextProps) {
  if (value === undefined || value === null || value === '')
    return <span className="muted">—</span>;
  const unit = asset ? ` ${asset}` : '';
  return (
    <span
      className={['mono', className].filter(Boolean).join(' ')}
      title={title === null ? undefined : (title ?? `${value}${unit}`)}
    >
      {formatAmount(value, places)}
      {unit}
    </span>
  );
}
