import { usualPlaces } from './asset-precision';
import {
  addDecimal,
  compareDecimal,
  formatDecimal,
  isDecimalString,
  isSameDecimal,
} from './decimal';
import { COMPLETED_PAYMENT, type StatementPayment } from './statement-payments';
import type { Statement } from './statements';

// One line that says whether a statement's payments settle it: what the statement says was paid,
// per asset, against the sum of its completed payments (pending, failed and unknown statuses
// settle nothing). Exact decimals throughout (big.js through decimal.ts), never JS numbers.

export type ReconciliationKind =
  'matches' | 'differs' | 'no-completed-payment' | 'not-paid' | 'unreadable';

export interface PaymentReconciliation {
  kind: ReconciliationKind;
  /** e.g. "paid 120.00 USDG = 2 completed payments". */
  line: string;
}

/** Kinds an operator must look into: the "Payments differ" filter keeps these. */
export const DIFFERING_KINDS: ReadonlySet<ReconciliationKind> = new Set([
  'differs',
  'no-completed-payment',
  'unreadable',
]);

const placesOf = (value: string) => {
  const point = value.indexOf('.');
  return point === -1 ? 0 : value.length - point - 1;
};

/**
 * Amounts of one asset written alike: the asset's usual places, or more when a figure has more
 * (rounding must never make two different amounts read the same).
 */
function writer(asset: string, figures: readonly string[]) {
  const places = Math.max(usualPlaces(asset) ?? 0, ...figures.map(placesOf));
  return (value: string) => formatDecimal(value, places);
}

function sumByAsset(
  entries: ReadonlyArray<{ asset: string | undefined; amount: string | undefined }>,
): Map<string, { sum: string; figures: string[] }> | undefined {
  const sums = new Map<string, { sum: string; figures: string[] }>();
  for (const { asset, amount } of entries) {
    if (!asset || amount === undefined || !isDecimalString(amount)) return undefined;
    const current = sums.get(asset) ?? { sum: '0', figures: [] };
    sums.set(asset, {
      sum: addDecimal(current.sum, amount),
      figures: [...current.figures, amount],
    });
  }
  return sums;
}

const plural = (count: number) => `${count} completed payment${count === 1 ? '' : 's'}`;

/** The reconciliation line of a statement and the payments the service lists for its ref_id. */
export function reconcileStatementPayments(
  statement: Statement,
  payments: readonly StatementPayment[],
): PaymentReconciliation {
  if (statement.ref_id === undefined)
    return { kind: 'unreadable', line: 'cannot reconcile: the statement has no ref_id' };
  const own = payments.filter((p) => p.ref_id !== undefined && p.ref_id === statement.ref_id);
  const completed = own.filter((p) => p.payment_status === COMPLETED_PAYMENT);
  const paid = sumByAsset(
    (statement.statement_balances ?? []).map((b) => ({ asset: b.asset, amount: b.amount_paid })),
  );
  if (!paid)
    return {
      kind: 'unreadable',
      line: 'cannot reconcile: what the statement says was paid is unreadable',
    };
  const settled = sumByAsset(
    completed.map((p) => ({ asset: p.payment_asset, amount: p.payment_amount })),
  );
  if (!settled)
    return {
      kind: 'unreadable',
      line: 'cannot reconcile: a completed payment has no readable amount or asset',
    };
  const anythingPaid = [...paid.values()].some((p) => compareDecimal(p.sum, '0') > 0);
  if (completed.length === 0) {
    return anythingPaid || statement.status === 'STATEMENT_STATUS_PAID'
      ? { kind: 'no-completed-payment', line: 'paid, no completed payment' }
      : { kind: 'not-paid', line: 'not paid, no completed payment' };
  }
  const assets = [...new Set([...paid.keys(), ...settled.keys()])];
  const sides = assets.map((asset) => {
    const p = paid.get(asset) ?? { sum: '0', figures: [] };
    const s = settled.get(asset) ?? { sum: '0', figures: [] };
    const write = writer(asset, [...p.figures, ...s.figures]);
    return { asset, paid: p.sum, settled: s.sum, write };
  });
  const differing = sides.filter((side) => !isSameDecimal(side.paid, side.settled));
  if (differing.length > 0)
    return {
      kind: 'differs',
      line: `differs: ${differing
        .map((d) => `paid ${d.write(d.paid)}, completed payments ${d.write(d.settled)} ${d.asset}`)
        .join('; ')}`,
    };
  const nonZero = sides.filter((side) => compareDecimal(side.paid, '0') !== 0);
  const shown = nonZero.length > 0 ? nonZero : sides;
  return {
    kind: 'matches',
    line: `paid ${shown.map((s) => `${s.write(s.paid)} ${s.asset}`).join(' and ')} = ${plural(completed.length)}`,
  };
}
