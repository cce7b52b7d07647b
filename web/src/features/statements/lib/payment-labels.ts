import type { BadgeToneEntry } from '#web/components/ui/badge';
import type { ReconciliationKind } from '#contract/payment-reconciliation';

/** Known payment statuses in words and colour; an unknown one shows its raw value (Badge). */
export const PAYMENT_STATUS_TONES: Readonly<Record<string, BadgeToneEntry>> = {
  PAYMENT_STATUS_COMPLETED: { tone: 'success', label: 'Completed' },
  PAYMENT_STATUS_PENDING: { tone: 'warning', label: 'Pending' },
  PAYMENT_STATUS_FAILED: { tone: 'danger', label: 'Failed' },
};

/** How the reconciliation line is shown: a match is good news, the rest asks for a look. */
export const RECONCILIATION_TONES: Readonly<
  Record<ReconciliationKind, 'success' | 'warning' | 'danger' | 'info'>
> = {
  matches: 'success',
  'not-paid': 'info',
  differs: 'danger',
  'no-completed-payment': 'warning',
  unreadable: 'warning',
};
