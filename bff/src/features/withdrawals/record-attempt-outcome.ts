import { persistWithRetry } from '#bff/lib/persist-with-retry';
import type { Logger } from '#bff/logger';
import type { WithdrawalLedger, WithdrawalOutcome } from '#bff/store/withdrawal-ledger-port';
import type { SentResult } from './submit-result';

/**
 * Records what an attempt came to on its ledger record. Tried again on failure; if it still
 * fails the answer is still the truth: the operator is told. The record stays "submitting" until
 * its lease runs out, then reads unknown, and a check again resolves it through the 409.
 */
export async function recordAttemptOutcome(
  deps: { ledger: WithdrawalLedger; logger: Logger },
  attempt: { refId: string; number: number; requestId: string },
  result: SentResult,
): Promise<void> {
  let outcome: WithdrawalOutcome;
  if (result.kind === 'created')
    outcome = {
      kind: 'created',
      transfer: result.transfer,
      replayed: result.replayed,
      ...(result.mismatch ? { mismatch: result.mismatch } : {}),
    };
  else if (result.kind === 'unknown')
    outcome = { kind: 'unknown', problem: result.problem.problem };
  else outcome = { kind: 'refused', problem: result.problem.problem };
  const { refId, number, requestId } = attempt;
  await persistWithRetry(
    () => deps.ledger.recordOutcome(refId, number, outcome, result.upstreamStatus),
    {
      logger: deps.logger,
      what: 'withdrawal outcome',
      fields: { ref_id: refId, req_id: requestId },
    },
  );
}
