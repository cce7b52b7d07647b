type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export interface BadgeToneEntry {
  tone: BadgeTone;
  label: string;
}

interface BadgeProps {
  /** The raw value (often an upstream enum). */
  value: string;
  /** Known values with their colour and words. A value not listed shows raw, in its own style. */
  tones?: Readonly<Record<string, BadgeToneEntry>>;
  className?: string;
}

/** A status pill. Unknown values are never hidden or guessed at: they display exactly as received. */
export function Badge({ value, tones, className }: BadgeProps) {
  const known = tones
    ? Object.hasOwn(tones, value)
      ? tones[value]
      : undefined
    : { tone: 'neutral' as const, label: value };
  const classes = ['badge', known ? `badge--${known.tone}` : 'badge--unknown', className]
    .filter(Boolean)
    .join(' ');
  return (
    <span className={classes} title={known && known.label !== value ? value : undefined}>
      {known ? known.label : value}
    </span>
  );
}
