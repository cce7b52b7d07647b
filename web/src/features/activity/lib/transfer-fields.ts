import type { Transfer } from '#contract/withdrawals';

/** A member of the service's transfer as it came: unknown values as sent, absent ones as —. */
export function transferField(transfer: Transfer, key: string): string {
  const value = (transfer as Record<string, unknown>)[key];
  if (value === undefined || value === null || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The page of one transfer: where its row on Activity or Reconciliation leads. */
export const transferPath = (id: string) => `/activity/${encodeURIComponent(id)}`;
