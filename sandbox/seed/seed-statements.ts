import type { Statement, StatementStatus } from '#contract/statements';
import { sumDecimals } from '../state/decimal-math';
import type { SeededRandom } from './seeded-random';

// How the seed writes a customer's reward statements: one per period, recent ones still in
// progress, now and then a correction. Nothing here reads the clock.

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

interface Period {
  start: number;
  end: number;
  label: string;
}

export function monthlyPeriods(fromYear: number, fromMonth: number, count: number): Period[] {
  return Array.from({ length: count }, (_, i) => {
    const start = Date.UTC(fromYear, fromMonth - 1 + i, 1);
    const next = Date.UTC(fromYear, fromMonth + i, 1);
    return { start, end: next - 1, label: new Date(start).toISOString().slice(0, 7) };
  });
}

export function dailyPeriods(from: number, count: number): Period[] {
  return Array.from({ length: count }, (_, i) => {
    const start = from + i * DAY_MS;
    return { start, end: start + DAY_MS - 1, label: new Date(start).toISOString().slice(0, 10) };
  });
}

/** Status by position from the newest period: recent ones are still in progress. */
function statusFor(
  random: SeededRandom,
  fromNewest: number,
  unspecifiedAt: number,
): StatementStatus {
  if (fromNewest === unspecifiedAt) return 'STATEMENT_STATUS_UNSPECIFIED';
  if (fromNewest === 0) return 'STATEMENT_STATUS_INITIATED';
  if (fromNewest <= 2) return 'STATEMENT_STATUS_GENERATED';
  // An older statement still unpaid now and then: overdue rewards exist too.
  return random.next() < 0.08 ? 'STATEMENT_STATUS_GENERATED' : 'STATEMENT_STATUS_PAID';
}

/** A decimal string with `places` decimals between min and max (whole units), no floats involved. */
function amount(random: SeededRandom, min: number, max: number, places: number): string {
  const whole = random.int(min, max);
  const fraction = Array.from({ length: places }, () => random.int(0, 9)).join('');
  return places > 0 ? `${whole}.${fraction}` : String(whole);
}

export interface CustomerPlan {
  customerId: string;
  periods: Period[];
  assets: readonly string[];
  product: string;
  type: string;
  range: [number, number];
  /** Every Nth period also gets a correction (version 2, same period, new id). */
  correctionEvery: number;
  unspecifiedAt: number;
}

export function statementsFor(plan: CustomerPlan, random: SeededRandom): Statement[] {
  const statements: Statement[] = [];
  const short = plan.customerId.slice(0, 8);
  plan.periods.forEach((period, index) => {
    const fromNewest = plan.periods.length - 1 - index;
    const status = statusFor(random, fromNewest, plan.unspecifiedAt);
    const groupId = random.uuid();
    const versions = index > 0 && index % plan.correctionEvery === 0 && fromNewest > 2 ? 2 : 1;
    for (let version = 1; version <= versions; version++) {
      const id = random.uuid();
      // A correction is a new immutable statement for the same period (docs/upstream-contract.md).
      const st: StatementStatus = version === 1 ? status : 'STATEMENT_STATUS_PAID';
      const paid = st === 'STATEMENT_STATUS_PAID';
      const generated = paid || st === 'STATEMENT_STATUS_GENERATED';
      const assets = plan.assets.filter((_, i) => i === 0 || random.next() < 0.5);
      const balances = assets.map((asset) => {
        const owed = amount(random, plan.range[0], plan.range[1], 2);
        return {
          asset,
          amount_paid: paid ? owed : '0.00',
          total_amount_owed: owed,
          ...(paid
            ? {}
            : { next_payment_ref_id: `pay-${short}-${period.label}-${asset.toLowerCase()}` }),
        };
      });
      const createdAt = period.end + 1 + (version - 1) * 20 * DAY_MS + 3_600_000;
      const generatedAt = createdAt + DAY_MS + random.int(0, 6) * 3_600_000;
      const paidAt = generatedAt + random.int(3, 12) * DAY_MS;
      const statement: Statement = {
        id,
        // ref_id is unique per customer: a correction has its own; versions share the group id.
        ref_id:
          version === 1
            ? `RWD-${period.label}-${short}`
            : `RWD-${period.label}-${short}-C${version - 1}`,
        customer_id: plan.customerId,
        type: plan.type,
        product: plan.product,
        status: st,
        metadata: { total_amount: sumDecimals(balances.map((b) => b.total_amount_owed)) },
        statement_balances: balances,
        period_start: iso(period.start),
        period_end: iso(period.end),
        ...(generated ? { generated_at: iso(generatedAt) } : {}),
        created_at: iso(createdAt),
        ...(paid ? { paid_at: iso(paidAt) } : {}),
        statement_group_id: groupId,
        version,
        ...(generated
          ? {
              files: [
                {
                  format: 'PDF',
                  name: `statement-${period.label}-v${version}.pdf`,
                  url: `https://files.sandbox.invalid/statements/${id}.pdf`,
                  expires_at: '2030-01-01T00:00:00.000Z',
                },
              ],
            }
          : {}),
      };
      statements.push(statement);
    }
  });
  return statements;
}
