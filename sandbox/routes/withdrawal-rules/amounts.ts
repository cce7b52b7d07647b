import type { ProblemInit } from '#sandbox/http/problem-response';
import { REJECTED_AMOUNT, WITHDRAWAL_LIMITS } from '#sandbox/seed/magic-values';
import {
  addDecimal,
  canonicalDecimal,
  compareDecimal,
  subtractDecimal,
} from '#sandbox/state/decimal-math';

/** What a withdrawal sends (`amount`), what it debits (`total`) and the fee between them. */
export interface WithdrawalAmounts {
  amount: string;
  total: string;
  fee: string;
}

/** The request names `amount` or `total` (the schema holds it to exactly one); the fee gives the other. */
export function withdrawalAmounts(
  body: { amount?: string | undefined; total?: string | undefined },
  fee: string,
): WithdrawalAmounts {
  const amount =
    body.amount !== undefined ? canonicalDecimal(body.amount) : subtractDecimal(body.total!, fee);
  const total =
    body.total !== undefined ? canonicalDecimal(body.total) : addDecimal(body.amount!, fee);
  return { amount, total, fee };
}

/**
 * What the sums alone refuse: a total that does not cover the fee, an amount outside the asset's
 * limits, and the amount the risk engine refuses (a magic value).
 */
export function amountProblem(
  asset: string,
  { amount, total, fee }: WithdrawalAmounts,
): ProblemInit | undefined {
  if (compareDecimal(amount, '0') <= 0) {
    return {
      status: 400,
      title: 'Bad Request',
      detail: `The total does not cover the network fee of ${fee} ${asset}`,
    };
  }

  const limits = Object.hasOwn(WITHDRAWAL_LIMITS, asset) ? WITHDRAWAL_LIMITS[asset] : undefined;
  if (limits && compareDecimal(amount, limits.min) < 0) {
    return {
      status: 400,
      type: 'below-min-withdraw-limit',
      detail: `The smallest ${asset} withdrawal is ${limits.min}`,
      meta: { limit: limits.min, amount },
    };
  }
  if (limits && compareDecimal(amount, limits.max) > 0) {
    return {
      status: 400,
      type: 'exceed-max-withdraw-limit',
      detail: `The largest ${asset} withdrawal is ${limits.max}`,
      meta: { limit: limits.max, amount },
    };
  }

  if (
    compareDecimal(amount, REJECTED_AMOUNT) === 0 ||
    compareDecimal(total, REJECTED_AMOUNT) === 0
  ) {
    return { status: 403, type: 'rejected', detail: 'Refused by the risk engine' };
  }
  return undefined;
}
