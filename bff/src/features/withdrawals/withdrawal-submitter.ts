import type { SubmitWithdrawalRequest } from '#contract/withdrawals';
import type { UpstreamTuning } from '#bff/config';
import { createWithdrawalAttempt, type WithdrawalAttemptOptions } from './withdrawal-attempt';
import {
  intentHash,
  refIdReused,
  resumeRecorded,
  submitIntent,
  type SubmitContext,
} from './submit-intent';
import type { SentResult, SubmitResult } from './submit-result';

/**
 * The longest one upstream call (all its retries) can take: an attempt's lease is longer, so a
 * live attempt is never taken for a crashed one.
 */
export function attemptLeaseMs(tuning: UpstreamTuning): number {
  const perTry =
    tuning.connectTimeoutMs +
    tuning.headersTimeoutMs +
    tuning.bodyTimeoutMs +
    Math.max(tuning.backoffMaxMs, tuning.retryAfterCapMs);
  return tuning.maxAttempts * perTry + 5_000;
}

export interface WithdrawalSubmitter {
  submit(request: SubmitWithdrawalRequest, context: SubmitContext): Promise<SubmitResult>;
  /**
   * Sends a withdrawal whose last approval already claimed `attempt` in the ledger (the record
   * is "submitting", held by that approval): the same send, interpretation and outcome record
   * as a submit.
   */
  sendClaimed(
    body: SubmitWithdrawalRequest,
    attempt: number,
    requestId: string,
  ): Promise<SentResult>;
  /**
   * Finishes a recorded withdrawal whose attempt stopped with its process (an approved send
   * after a crash): its recorded answer, or a new attempt of the body recorded as sent that reads
   * by ref_id first, with the body it went by. Undefined while another attempt holds it.
   */
  resume(
    refId: string,
    requestId: string,
  ): Promise<{ result: SentResult; body: unknown } | undefined>;
}

interface WithdrawalSubmitterOptions extends WithdrawalAttemptOptions {
  /** How often to look at a record another instance is submitting (default 100 ms). */
  pollMs?: number;
}

/**
 * Submits withdrawals exactly once. Write-ahead: the intent is in the ledger before the upstream
 * hears of it (submit-intent.ts); one attempt at a time holds a ref_id (one flight per ref_id in
 * this process, a leased claim on the row across processes); a retry reuses the ref_id, so the
 * upstream's 409 Already Exists turns a lost answer back into the transfer it created
 * (withdrawal-attempt.ts). One instance per app: the withdrawals route and the last approval share it.
 */
export function createWithdrawalSubmitter(
  options: WithdrawalSubmitterOptions,
): WithdrawalSubmitter {
  const { ledger } = options;
  const leaseMs = attemptLeaseMs(options.tuning);
  const pollMs = options.pollMs ?? 100;
  const flights = new Map<string, { hash: string; result: Promise<SubmitResult> }>();
  const attempt = createWithdrawalAttempt(options);

  return {
    sendClaimed: (body, attemptNumber, requestId) => attempt(body, attemptNumber, requestId),
    resume: (refId, requestId) =>
      resumeRecorded({ ledger, leaseMs, pollMs, attempt }, refId, requestId),
    async submit(request, context) {
      const refId = request.ref_id;
      const hash = intentHash(request);
      const flight = flights.get(refId);
      if (flight) {
        // Same ref_id in flight in this process: share its result instead of a second call.
        if (flight.hash !== hash) return refIdReused(refId);
        const shared = await flight.result;
        return shared.kind === 'created' ? { ...shared, replayed: true } : shared;
      }
      const result = submitIntent({ ledger, leaseMs, pollMs, attempt }, request, hash, context);
      flights.set(refId, { hash, result });
      try {
        return await result;
      } finally {
        flights.delete(refId);
      }
    },
  };
}
