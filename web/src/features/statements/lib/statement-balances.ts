import type { Statement, StatementBalance } from '#contract/statements';
import { compareDecimal, subtractDecimal, usualPlacesOf } from '#web/lib/decimal';

export interface BalanceLine {
  /** Each may be missing: the service requires no member of a balance ("not given"). */
  asset: string | undefined;
  owed: string | undefined;
  paid: string | undefined;
  /** owed − paid in decimal arithmetic; undefined when either side is not a decimal string. */
  outstanding: string | undefined;
  /** Something is still owed (outstanding > 0). */
  due: boolean;
}

const fractionDigits = (value: string) => {
  const point = value.indexOf('.');
  return point === -1 ? 0 : value.trim().length - point - 1;
};

/** Pads a plain decimal string to `digits` fraction digits ("0" → "0.00"): a string edit only. */
export function padFraction(value: string, digits: number): string {
  const have = fractionDigits(value);
  if (have >= digits) return value;
  return `${value}${have === 0 ? '.' : ''}${'0'.repeat(digits - have)}`;
}

/** Per asset: owed, paid and outstanding, never through a JS number. */
export function balanceLines(balances: readonly StatementBalance[] | undefined): BalanceLine[] {
  return (balances ?? []).map((balance) => {
    const owed = balance.total_amount_owed;
    const paid = balance.amount_paid;
    const difference =
      owed === undefined || paid === undefined ? undefined : subtractDecimal(owed, paid);
    // Shown at the scale of its inputs, so 10.00 − 10.00 reads 0.00 in a column of cents.
    const outstanding =
      difference === undefined || owed === undefined || paid === undefined
        ? undefined
        : padFraction(difference, Math.max(fractionDigits(owed), fractionDigits(paid)));
    return {
      asset: balance.asset,
      owed,
      paid,
      outstanding,
      due: outstanding !== undefined && (compareDecimal(outstanding, '0') ?? 0) > 0,
    };
  });
}

/** The places a statement's total is shown with: its balances' assets' usual places. */
export function totalPlaces(statement: Statement): number | undefined {
  return usualPlacesOf((statement.statement_balances ?? []).map((balance) => balance.asset));
}
