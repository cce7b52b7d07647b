import { csvCell } from '#contract/csv-cell';
import { STATEMENT_PAYMENT_FIELDS, type StatementPayment } from '#contract/statement-payments';

/**
 * Payments as CSV: one column per published member (the contract's list), values exactly as the
 * service sent them (amounts stay decimal strings), through the one CSV cell rule.
 */
export function paymentsCsv(payments: readonly StatementPayment[]): string {
  const lines = [STATEMENT_PAYMENT_FIELDS.join(',')];
  for (const payment of payments)
    lines.push(STATEMENT_PAYMENT_FIELDS.map((field) => csvCell(payment[field])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
