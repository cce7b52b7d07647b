import type { WithdrawalRecord } from '#contract/withdrawal-ledger';

/**
 * Why a withdrawal was refused (or why its outcome is unknown), in the service's words: the title
 * ("Insufficient Funds") and its detail, so the ledger answers "why" without opening each row.
 */
export function refusalReason(row: WithdrawalRecord): string | undefined {
  if (row.status !== 'refused' && row.status !== 'unknown') return undefined;
  const problem = row.problem;
  if (!problem) return row.status === 'unknown' ? 'Outcome unknown' : undefined;
  return problem.detail ? `${problem.title}: ${problem.detail}` : problem.title;
}
