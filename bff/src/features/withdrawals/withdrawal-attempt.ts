import { TransferSchema, type SubmitWithdrawalRequest, type Transfer } from '#contract/withdrawals';
import type { UpstreamTuning } from '#bff/config';
import { HttpProblem } from '#bff/http/http-problem';
import { persistWithRetry } from '#bff/lib/persist-with-retry';
import type { Logger } from '#bff/logger';
import type { WithdrawalLedger, WithdrawalOutcome } from '#bff/store/withdrawal-ledger-port';
import {
  readJsonBody,
  UpstreamFailure,
  type UpstreamClient,
  type UpstreamResponse,
} from '#bff/upstream/upstream-client';
import { problemFromUpstream } from '#bff/upstream/upstream-json';
import type { Attempt } from './submit-intent';
import { unknownProblem, type SentResult } from './submit-result';
import { compareTransfer } from './transfer-matches-request';

// One attempt of a withdrawal, for the submitter: the create sent (and the transfer read by
// ref_id when an outcome is unknown), every upstream outcome, answer or failure, turned into a
// SentResult here and only here, and that result recorded on the ledger record.
// Never "refused" unless the service refused it: anything that may have created it is unknown.

/** The transfer read by ref_id, and whether it is available now (its scope is granted). */
export interface TransferLookup {
  enabled(): Promise<boolean>;
  byRefId(refId: string): Promise<Transfer | undefined>;
}

export interface WithdrawalAttemptOptions {
  ledger: WithdrawalLedger;
  upstream: UpstreamClient;
  tuning: UpstreamTuning;
  logger: Logger;
  /**
   * The transfer read by ref_id, when the client is granted it: an unknown outcome is then
   * resolved by reading (found: created; not found: sent again with the same ref_id) instead of
   * by sending the create again.
   */
  lookup?: TransferLookup | undefined;
}

/**
 * One claimed attempt: sent, its outcome a result, recorded. With the transfer read, a lost
 * answer is not followed by a blind resend: the transfer is read by ref_id; found means created
 * (when it is this request), not found means the create may be sent again (same ref_id). Without
 * the read, the upstream client resends and the 409 settles it. `readFirst`: an earlier attempt's
 * outcome is unknown, so the transfer is read before anything is sent.
 */
export function createWithdrawalAttempt(options: WithdrawalAttemptOptions): Attempt {
  const { upstream, logger, lookup, ledger } = options;

  /** Whether the transfer read can settle unknown outcomes now (never throws). */
  async function canRead(): Promise<boolean> {
    try {
      return (await lookup?.enabled()) ?? false;
    } catch {
      return false;
    }
  }

  /** Reads the transfer by ref_id: the transfer, 'absent', or undefined when the read failed. */
  async function readByRefId(refId: string): Promise<Transfer | 'absent' | undefined> {
    try {
      return (await lookup!.byRefId(refId)) ?? 'absent';
    } catch (error) {
      logger.warn({ err: error, ref_id: refId }, 'could not read a transfer by ref_id');
      return undefined;
    }
  }

  /** One create sent: its answer, or its failure to answer, as a result (never throws). */
  async function sendOnce(
    request: SubmitWithdrawalRequest,
    requestId: string,
    reading: boolean,
  ): Promise<SentResult> {
    try {
      const response = await upstream.call('createWithdrawal', {
        body: request,
        requestId,
        ...(reading ? { noResendAfterSent: true } : {}),
      });
      return await interpretCreateAnswer(logger, request, response);
    } catch (error) {
      return failureResult(logger, request.ref_id, error);
    }
  }

  async function send(
    request: SubmitWithdrawalRequest,
    requestId: string,
    readFirst: boolean,
  ): Promise<SentResult> {
    const refId = request.ref_id;
    const reading = await canRead();
    if (reading && readFirst) {
      const found = await readByRefId(refId);
      if (found !== undefined && found !== 'absent')
        return foundByRead(logger, found, request, true);
    }
    const rounds = Math.max(1, options.tuning.maxAttempts);
    for (let round = 1; ; round++) {
      const result = await sendOnce(request, requestId, reading);
      if (result.kind !== 'unknown' || !reading) return result;
      const found = await readByRefId(refId);
      if (found === undefined) return result;
      if (found !== 'absent') {
        // Its answer was lost on the way, but it was created: no second create is sent.
        return foundByRead(logger, found, request, false);
      }
      // Not created: sending it again with the same ref_id is safe (a bounded number of times).
      if (round >= rounds) return result;
    }
  }

  return async (request, number, requestId, readFirst = false) => {
    const result = await send(request, requestId, readFirst);
    await recordAttemptOutcome(
      { ledger, logger },
      { refId: request.ref_id, number, requestId },
      result,
    );
    return result;
  };
}

/**
 * The upstream holds a transfer under this ref_id that differs from the recorded request (409
 * meta.existing, or the transfer read). The ledger ties this ref_id to this very request (a
 * different body under it is refused before any call), so it is almost surely ours, read in a
 * way we do not understand or changed by the service. Unknown, checked again with the same
 * ref_id, with an alert in the log: never "refused, use a new ref_id", which could send the
 * money twice.
 */
function differingTransfer(
  logger: Logger,
  refId: string,
  differences: string[],
  upstreamStatus?: number,
): SentResult {
  logger.error(
    // `alert` names what to alert on (as record_not_written): a person must review it.
    { ref_id: refId, differences, alert: 'transfer_mismatch' },
    'the upstream holds a withdrawal under this ref_id that differs from the recorded request: outcome unknown, needs review',
  );
  return {
    kind: 'unknown',
    problem: unknownProblem(
      refId,
      502,
      `The upstream already holds a withdrawal with this ref_id, but it differs from this request (${differences.join(', ')}). Its outcome is unknown and has been reported for review. Do not submit it under a new ref_id: check again with the same ref_id, which never creates a second transfer.`,
    ),
    ...(upstreamStatus === undefined ? {} : { upstreamStatus }),
  };
}

/** An unknown outcome (502) with the upstream's status: checked again with the same ref_id. */
function unknownResult(refId: string, detail: string, upstreamStatus: number): SentResult {
  return { kind: 'unknown', problem: unknownProblem(refId, 502, detail), upstreamStatus };
}

/** The transfer read by ref_id: created when it is this request, else as a differing 409. */
function foundByRead(
  logger: Logger,
  found: Transfer,
  request: SubmitWithdrawalRequest,
  replayed: boolean,
): SentResult {
  const { verdict, differences } = compareTransfer(found, request);
  if (verdict === 'different') return differingTransfer(logger, request.ref_id, differences);
  return { kind: 'created', transfer: found, replayed };
}

/** A 2xx: created, whatever it says; unknown when its body cannot be read. */
async function createdAnswer(
  logger: Logger,
  request: SubmitWithdrawalRequest,
  response: UpstreamResponse,
): Promise<SentResult> {
  const refId = request.ref_id;
  const body = await readJsonBody(response);
  const transfer = body.ok ? TransferSchema.safeParse(body.value) : undefined;
  if (transfer?.success) {
    // Created, whatever it says: but a transfer that is not what we asked for (another
    // ref_id, amount or destination) is recorded with the differences and flagged.
    const { verdict, differences } = compareTransfer(transfer.data, request);
    if (verdict === 'different')
      logger.error(
        // `alert` names what to alert on (as record_not_written): a person must review it.
        { ref_id: refId, differences, alert: 'transfer_mismatch' },
        'the upstream created a withdrawal that does not match the request: recorded and flagged for review',
      );
    return {
      kind: 'created',
      transfer: transfer.data,
      replayed: false,
      ...(verdict === 'different' ? { mismatch: differences } : {}),
      upstreamStatus: response.status,
    };
  }
  // A success we cannot read: the transfer exists, we do not know it. Check again later.
  return unknownResult(
    refId,
    'The upstream accepted the withdrawal but its answer could not be read. Check again: the same ref_id never creates a second transfer.',
    response.status,
  );
}

/** A 409 Already Exists: created by an earlier try of this request, or unknown. */
async function alreadyExistsAnswer(
  logger: Logger,
  request: SubmitWithdrawalRequest,
  response: UpstreamResponse,
): Promise<SentResult> {
  const refId = request.ref_id;
  const problem = await problemFromUpstream(response);
  const existing = TransferSchema.safeParse(problem.problem.meta?.existing);
  const comparison = existing.success
    ? compareTransfer(existing.data, request)
    : { verdict: 'unclear' as const, differences: [] };
  if (existing.success && comparison.verdict === 'same') {
    // An earlier try of this very request was created; its answer was lost on the way.
    return { kind: 'created', transfer: existing.data, replayed: true, upstreamStatus: 409 };
  }
  if (comparison.verdict === 'different')
    return differingTransfer(logger, refId, comparison.differences, 409);
  // Unreadable or incomplete: almost surely ours too (see differingTransfer). Unknown, checked
  // again with the same ref_id, never "use a new ref_id".
  return unknownResult(
    refId,
    'The upstream already holds a withdrawal with this ref_id, but its record could not be read or compared. Check again: the same ref_id never creates a second transfer.',
    409,
  );
}

/** What the upstream's answer to the create means. */
async function interpretCreateAnswer(
  logger: Logger,
  request: SubmitWithdrawalRequest,
  response: UpstreamResponse,
): Promise<SentResult> {
  const refId = request.ref_id;
  const status = response.status;
  if (status >= 200 && status < 300) return createdAnswer(logger, request, response);
  if (status === 409) return alreadyExistsAnswer(logger, request, response);
  const problem = await problemFromUpstream(response);
  if (status === 401 || status === 429 || status >= 500) {
    // Not a refusal of the withdrawal: the upstream was unavailable (or refused our credentials)
    // after the client's retries. Earlier tries may have created it: never say "failed".
    const committedMaybe = response.possiblyCommitted || status >= 500;
    return {
      kind: 'unknown',
      problem: new HttpProblem(
        {
          ...problem.problem,
          ...(committedMaybe ? { status: 502, title: 'Bad Gateway' } : {}),
          detail: `${problem.problem.detail ?? 'The upstream did not take the withdrawal.'} Its outcome is unknown: check again with the same ref_id, which never creates a second transfer.`,
          outcome: 'unknown',
          ref_id: refId,
        },
        problem.headers,
      ),
      upstreamStatus: status,
    };
  }
  // A business refusal (400, 403 Insufficient Funds / Travel Rule / Expired / Rejected, 404…):
  // the upstream's problem, meta included, goes to the operator as it is.
  return {
    kind: 'refused',
    problem: new HttpProblem({ ...problem.problem, ref_id: refId }, problem.headers),
    upstreamStatus: status,
  };
}

/** A create that threw instead of answering: unknown, worded by how far it got. */
function failureResult(logger: Logger, refId: string, error: unknown): SentResult {
  if (error instanceof UpstreamFailure) {
    return {
      kind: 'unknown',
      problem: unknownProblem(
        refId,
        error.kind === 'timeout' ? 504 : 502,
        error.possiblyCommitted
          ? 'The upstream did not answer; the withdrawal may have been created. Check again: the same ref_id never creates a second transfer.'
          : 'The upstream could not be reached. Check again: the same ref_id never creates a second transfer.',
        error.possiblyCommitted ? undefined : false,
      ),
    };
  }
  if (error instanceof HttpProblem) {
    // E.g. the token endpoint refused our credentials before the call left.
    return {
      kind: 'unknown',
      problem: new HttpProblem(
        { ...error.problem, outcome: 'unknown', ref_id: refId },
        error.headers,
      ),
    };
  }
  logger.error({ err: error, ref_id: refId }, 'withdrawal submit failed unexpectedly');
  return {
    kind: 'unknown',
    problem: unknownProblem(
      refId,
      502,
      'The withdrawal could not be completed. Check again: the same ref_id never creates a second transfer.',
    ),
  };
}

/**
 * Records what an attempt came to on its ledger record. Tried again on failure; if it still
 * fails the answer is still the truth: the operator is told. The record stays "submitting" until
 * its lease runs out, then reads unknown, and a check again resolves it through the 409.
 */
async function recordAttemptOutcome(
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
