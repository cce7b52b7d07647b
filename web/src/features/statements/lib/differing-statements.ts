import {
  DIFFERING_KINDS,
  reconcileStatementPayments,
  type PaymentReconciliation,
} from '#contract/payment-reconciliation';
import type { StatementPayment } from '#contract/statement-payments';
import type { Statement } from '#contract/statements';

export interface DifferingStatement {
  statement: Statement;
  payments: StatementPayment[];
  reconciliation: PaymentReconciliation;
}

/**
 * The statements whose payments do not settle them (differs, paid with no completed payment, or
 * unreadable), each with its payments, in the statements' order. Payments are joined by ref_id.
 */
export function differingStatements(
  statements: readonly Statement[],
  payments: readonly StatementPayment[],
): DifferingStatement[] {
  const byRef = new Map<string, StatementPayment[]>();
  for (const payment of payments) {
    if (payment.ref_id === undefined) continue;
    const list = byRef.get(payment.ref_id) ?? [];
    list.push(payment);
    byRef.set(payment.ref_id, list);
  }
  const rows: DifferingStatement[] = [];
  for (const statement of statements) {
    const own = statement.ref_id === undefined ? [] : (byRef.get(statement.ref_id) ?? []);
    const reconciliation = reconcileStatementPayments(statement, own);
    if (DIFFERING_KINDS.has(reconciliation.kind))
      rows.push({ statement, payments: own, reconciliation });
  }
  return rows;
}
