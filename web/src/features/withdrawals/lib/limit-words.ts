import type { LimitCheck, TransferLimit } from '#contract/transfer-limits';
import { formatDecimalForDisplay } from '#web/lib/decimal';

// A rule's words as the service sent it: every member of a rule is optional in the published
// schema, so each phrase says what is there and names what was not given, never drops the rule.

const UNITS: readonly [number, string][] = [
  [604_800, 'week'],
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
];

/** "per day", "per 30 days", "per 90 seconds": a rule's period in words (seconds, never money). */
function periodWords(periodSeconds: string | undefined): string {
  if (periodSeconds === undefined) return 'per period (not given)';
  if (!/^\d+$/.test(periodSeconds)) return `per ${periodSeconds} seconds`;
  const seconds = Number(periodSeconds);
  for (const [size, unit] of UNITS) {
    if (seconds % size !== 0) continue;
    const count = seconds / size;
    return count === 1 ? `per ${unit}` : `per ${count} ${unit}s`;
  }
  return `per ${seconds} seconds`;
}

/** "50,000 USD"; the unit says when the service did not give it. */
function figure(value: string, asset: string | undefined): string {
  return `${formatDecimalForDisplay(value)} ${asset ?? '(unit not given)'}`;
}

/** "10 BTC per transaction" or "40,000 USD left of 50,000 USD per day". */
export function limitLeftWords(limit: TransferLimit, kind: LimitCheck['kind']): string {
  const unit = limit.limit_asset;
  if (kind === 'per_transaction') {
    const amount = limit.limit ?? limit.remaining;
    return amount === undefined
      ? 'a limit per transaction (amount not given)'
      : `${figure(amount, unit)} per transaction`;
  }
  const period = periodWords(limit.period_seconds);
  const { remaining, limit: whole } = limit;
  if (remaining !== undefined && whole !== undefined)
    return `${figure(remaining, unit)} left of ${figure(whole, unit)} ${period}`;
  if (remaining !== undefined) return `${figure(remaining, unit)} left ${period}`;
  if (whole !== undefined) return `${figure(whole, unit)} ${period} (what is left not given)`;
  return `a limit ${period} (amount not given)`;
}

/** The warning for a withdrawal a rule would refuse, naming the rule and the figures. */
export function exceededWords(check: LimitCheck): string {
  const { limit } = check;
  const unit = limit.limit_asset;
  const measured = check.measured ? figure(check.measured, unit) : 'this withdrawal';
  const rule = limit.rule_id !== undefined ? ` (rule ${limit.rule_id})` : '';
  // `exceeds` is only said with a figure to compare with (check.allowed).
  const allowed = figure(check.allowed ?? '0', unit);
  if (check.kind === 'per_transaction')
    return `${measured} is above the limit of ${allowed} per transaction${rule}.`;
  const of = limit.limit !== undefined ? ` of ${figure(limit.limit, unit)}` : '';
  return `${measured} is above the ${allowed} left${of} ${periodWords(limit.period_seconds)}${rule}.`;
}
