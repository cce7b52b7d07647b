import type { BadgeToneEntry } from '#web/components/ui/badge';

/** Known statuses in words and colour; an unknown status shows its raw value (Badge does that). */
export const STATEMENT_STATUS_TONES: Readonly<Record<string, BadgeToneEntry>> = {
  STATEMENT_STATUS_PAID: { tone: 'success', label: 'Paid' },
  STATEMENT_STATUS_GENERATED: { tone: 'info', label: 'Generated' },
  STATEMENT_STATUS_INITIATED: { tone: 'warning', label: 'Initiated' },
  STATEMENT_STATUS_UNSPECIFIED: { tone: 'neutral', label: 'Unspecified' },
};

export function statusLabel(status: string): string {
  return Object.hasOwn(STATEMENT_STATUS_TONES, status)
    ? STATEMENT_STATUS_TONES[status]!.label
    : status;
}

const TYPE_LABELS: Readonly<Record<string, string>> = {
  STATEMENT_TYPE_USDG_REWARD: 'USDG reward',
};
const PRODUCT_LABELS: Readonly<Record<string, string>> = {
  USDG_REWARDS: 'USDG Rewards',
};

/** Known types in words; an unknown type is shown exactly as received. */
export function typeLabel(type: string | undefined): string | undefined {
  if (type === undefined) return undefined;
  return Object.hasOwn(TYPE_LABELS, type) ? TYPE_LABELS[type] : type;
}

export function productLabel(product: string | undefined): string | undefined {
  if (product === undefined) return undefined;
  return Object.hasOwn(PRODUCT_LABELS, product) ? PRODUCT_LABELS[product] : product;
}
