import type { Statement } from '#contract/statements';
import type { StatementPayment } from '#contract/statement-payments';
import { multiplyDecimal, subtractDecimal } from '../state/decimal-math';
import { SeededRandom } from './seeded-random';

// The payments that settled the example customer's paid statements (GET /v2/statements/payments).
// Most statements were paid by one completed payment of what they say was paid; the newest few
// show each case an operator must tell apart (README.md, "Statement payments"). Nothing here reads
// the clock, and the statements' own random sequence is not touched (their ids stay as listed).

const HOUR_MS = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

interface PaymentPlan {
  customerId: string;
  profileId: string;
  accountId: string;
  /** The payout address's id (payment_destination). */
  destinationId: string;
}

type Step = { status: string; amount: string; completed?: boolean };

/**
 * What pays the statement `fromNewest` places from the newest paid one:
 * 0: a payment still pending (the statement already says paid);
 * 1: two completed payments that add up to what was paid;
 * 2: one completed payment 20.00 short of what the statement says was paid;
 * 3: a failed payment, then a completed one;
 * any other: one completed payment.
 */
function stepsFor(fromNewest: number, paid: string): Step[] {
  const completed = (amount: string): Step => ({ status: 'PAYMENT_STATUS_COMPLETED', amount });
  if (fromNewest === 0) return [{ status: 'PAYMENT_STATUS_PENDING', amount: paid }];
  if (fromNewest === 1) {
    const first = multiplyDecimal(paid, '0.6', 2);
    return [completed(first), completed(subtractDecimal(paid, first))];
  }
  if (fromNewest === 2) return [completed(subtractDecimal(paid, '20.00'))];
  if (fromNewest === 3) return [{ status: 'PAYMENT_STATUS_FAILED', amount: paid }, completed(paid)];
  return [completed(paid)];
}

export function paymentsFor(
  plan: PaymentPlan,
  statements: readonly Statement[],
): StatementPayment[] {
  const random = new SeededRandom(20_261_129);
  const paid = statements
    .filter((s) => s.customer_id === plan.customerId && s.status === 'STATEMENT_STATUS_PAID')
    .sort((a, b) => ((a.paid_at ?? '') < (b.paid_at ?? '') ? 1 : -1));
  const payments: StatementPayment[] = [];
  paid.forEach((statement, fromNewest) => {
    const balance = statement.statement_balances?.[0];
    if (!balance?.amount_paid || !balance.asset || !statement.paid_at) return;
    const paidAt = Date.parse(statement.paid_at);
    const steps = stepsFor(fromNewest, balance.amount_paid);
    steps.forEach((step, index) => {
      // Each attempt a few hours after the previous one; the last is processed at paid_at.
      const processedAt = paidAt - (steps.length - 1 - index) * 6 * HOUR_MS;
      const done = step.status !== 'PAYMENT_STATUS_PENDING';
      const payment: StatementPayment = {
        id: random.uuid(),
        customer_id: plan.customerId,
        profile_id: plan.profileId,
        account_id: plan.accountId,
        ref_id: statement.ref_id,
        product: statement.product,
        payment_type: 'PAYMENT_TYPE_CRYPTO_WITHDRAWAL',
        payment_source: plan.profileId,
        payment_destination: plan.destinationId,
        payment_asset: balance.asset,
        payment_amount: step.amount,
        payment_status: step.status,
        ...(step.status === 'PAYMENT_STATUS_COMPLETED'
          ? {
              payment_tx_id: `0x${Array.from({ length: 64 }, () => random.int(0, 15).toString(16)).join('')}`,
            }
          : {}),
        description: `${balance.asset} rewards, statement ${statement.ref_id}`,
        // A string in the published schema: here a small JSON text.
        metadata: JSON.stringify({ statement_id: statement.id, attempt: index + 1 }),
        created_at: iso(processedAt - 2 * HOUR_MS),
        ...(done ? { processed_at: iso(processedAt) } : {}),
      };
      payments.push(payment);
    });
  });
  return payments;
}
