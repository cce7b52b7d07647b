import type { StatementBalance } from '../../../../../contract/statements';
import { compareDecimal, subtractDecimal } from '../../../lib/decimal';

export interface BalanceLine {
  asset: string;
  owed: string;
  paid: string;
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
    const difference = subtractDecimal(balance.total_amount_owed, balance.amount_paid);
    // Shown at the scale of its inputs, so 10.00 − 10.00 reads 0.00 in a column of cents.
    const outstanding =
      difference === undefined
        ? undefined
        : padFraction(
            difference,
            Math.max(
              fractionDigits(balance.total_amount_owed),
              fractionDigits(balance.amount_paid),
            ),
          );
    return {
      asset: balance.asset,
      owed: balance.total_amount_owed,
      paid: balance.amount_paid,
      outstanding,
      due: outstanding !== undefined && (compareDecimal(outstanding, '0') ?? 0) > 0,
    };
  });
}
