import type { LimitCheck, TransferLimit } from '#contract/transfer-limits';
import { formatDecimalForDisplay } from '#web/lib/decimal';

const UNITS: readonly [number, string][] = [
  [604_800, 'week'],
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
];

/** "per day", "per 30 days", "per 90 seconds": a rule's period in words (seconds, never money). */
function periodWords(periodSeconds: string): string {
  if (!/^\d+$/.test(periodSeconds)) return `per ${periodSeconds} seconds`;
  const seconds = Number(periodSeconds);
  for (const [size, unit] of UNITS) {
    if (seconds % size !== 0) continue;
    const count = seconds / size;
    return count === 1 ? `per ${unit}` : `per ${count} ${unit}s`;
  }
  return `per ${seconds} seconds`;
}

const figure = (value: string, asset: string) => `${formatDecimalForDisplay(value)} ${asset}`;

/** "10 BTC per transaction" or "40,000 USD left of 50,000 USD per day". */
export function limitLeftWords(limit: TransferLimit, kind: LimitCheck['kind']): string {
  if (kind === 'per_transaction')
    return `${figure(limit.limit, limit.limit_asset)} per transaction`;
  return `${figure(limit.remaining, limit.limit_asset)} left of ${figure(limit.limit, limit.limit_asset)} ${periodWords(limit.period_seconds)}`;
}

/** The warning for a withdrawal a rule would refuse, naming the rule and the figures. */
export function exceededWords(check: LimitCheck): string {
  const { limit } = check;
  const measured = check.measured ? figure(check.measured, limit.limit_asset) : 'this withdrawal';
  return check.kind === 'per_transaction'
    ? `${measured} is above the limit of ${figure(limit.limit, limit.limit_asset)} per transaction (rule ${limit.rule_id}).`
    : `${measured} is above the ${figure(limit.remaining, limit.limit_asset)} left of ${figure(limit.limit, limit.limit_asset)} ${periodWords(limit.period_seconds)} (rule ${limit.rule_id}).`;
}
