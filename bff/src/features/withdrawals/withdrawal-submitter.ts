import { setTimeout as sleep } from 'node:timers/promises';
import type { OperatorRef, WithdrawalRecord } from '#contract/ledger';
import type { Problem } from '#contract/problem';
import {
  createSubmitWithdrawalRequestSchema,
  TransferSchema,
  type SubmitWithdrawalRequest,
  type Transfer,
} from '#contract/withdrawals';
import type { UpstreamTuning } from '#bff/config';
import { HttpProblem } from '#bff/http/http-problem';
import { persistWithRetry } from '#bff/lib/persist-with-retry';
import { requestHash } from '#bff/lib/request-hash';
import type { Logger } from '#bff/logger';
import type { AttemptClaim, WithdrawalLedger, WithdrawalOutcome } from '#bff/store/ports';
import {
  readJsonBody,
  UpstreamFailure,
  type UpstreamClient,
  type UpstreamResponse,
} from '#bff/upstream/upstream-client';
import { problemFromUpstream } from '#bff/upstream/upstream-problem';
import { compareTransfer } from './transfer-matches-request';

/**
 * The identity of a withdrawal intent: the request without its `fee_id`. A fee quote only fixes
 * the fee; when it expires, a new quote sends the same withdrawal again with the same ref_id.
 */
export function intentHash(request: SubmitWithdrawalRequest): string {
  const { fee_id: _feeId, ...intent } = request;
  return requestHash(intent);
}

/** What one submit came to, for the answer and the audit event. */
export type SubmitResult =
  | {
      kind: 'created';
      transfer: Transfer;
      /** The transfer existed before this request (ledger, 409 Already Exists, or a shared flight). */
      replayed: boolean;
      /** Request fields the upstream's 200 answer does not match (recorded and flagged). */
      mismatch?: string[];
      upstreamStatus?: number;
    }
  | {
      kind: 'refused' | 'unknown' | 'conflict';
      problem: HttpProblem;
      upstreamStatus?: number;
    }
  | {
      /** Recorded as held by the four-eyes policy (awaiting approval, or never sent): no call. */
      kind: 'held';
      approvalId: string;
      upstreamStatus?: undefined;
    };

/** What a call to the upstream can come to (held is decided before any call). */
type SentResult = Exclude<SubmitResult, { kind: 'held' }>;

export interface SubmitContext {
  operator: OperatorRef;
  requestId: string;
  /**
   * The body to send: the request with the console's attribution in its metadata. Recorded with
   * the intent; a later attempt resends the recorded one. Default: the request itself.
   */
  sentRequest?: SubmitWithdrawalRequest;
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
  ): Promise<SubmitResult>;
}

// Reads back the body this BFF recorded as sent (it was checked when it was submitted): a check
// again resends exactly it. Testnet forms are allowed here because the record is ours, not input.
const RecordedBodySchema = createSubmitWithdrawalRequestSchema({ allowTestnet: true });

/** The body to send for a recorded intent: the one recorded as sent, else the request itself. */
function recordedBody(
  record: WithdrawalRecord,
  request: SubmitWithdrawalRequest,
): SubmitWithdrawalRequest {
  if (!record.sent_request) return request;
  const parsed = RecordedBodySchema.safeParse(record.sent_request);
  return parsed.success && parsed.data.ref_id === request.ref_id ? parsed.data : request;
}

export interface WithdrawalSubmitterOptions {
  ledger: WithdrawalLedger;
  upstream: UpstreamClient;
  tuning: UpstreamTuning;
  logger: Logger;
  /** How often to look at a record another instance is submitting (default 100 ms). */
  pollMs?: number;
  /**
   * The transfer read by ref_id, when the client is granted it: an unknown outcome is then
   * resolved by reading (found: created; not found: sent again with the same ref_id) instead of
   * by sending the create again.
   */
  lookup?: TransferLookup;
}

export interface TransferLookup {
  /** Whether the read is available now (the scope is granted). */
  enabled(): Promise<boolean>;
  byRefId(refId: string): Promise<Transfer | undefined>;
}

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

function unknownProblem(
  refId: string,
  status: 502 | 504,
  detail: string,
  /** False when no try got through to the upstream: the console words that case differently. */
  upstreamReached?: false,
): HttpProblem {
  return new HttpProblem({
    title: status === 504 ? 'Gateway Timeout' : 'Bad Gateway',
    status,
    detail,
    outcome: 'unknown',
    ref_id: refId,
    ...(upstreamReached === false ? { upstream_reached: false } : {}),
  });
}

/** The problem the operator gets for an answer already recorded in the ledger. */
function recordedProblem(record: WithdrawalRecord): HttpProblem {
  const problem: Problem = record.problem ?? {
    type: 'about:blank',
    title: 'Bad Gateway',
    status: 502,
  };
  return new HttpProblem({ ...problem, ref_id: record.ref_id });
}

/**
 * Submits withdrawals exactly once. Write-ahead: the intent is in the ledger before the upstream
 * hears of it; one attempt at a time holds a ref_id (one flight per ref_id in this process, a
 * leased claim on the row across processes); a retry reuses the ref_id, so the upstream's 409
 * Already Exists turns a lost answer back into the transfer it created.
 */
export function createWithdrawalSubmitter(
  options: WithdrawalSubmitterOptions,
): WithdrawalSubmitter {
  const { ledger, upstream, logger } = options;
  const leaseMs = attemptLeaseMs(options.tuning);
  const pollMs = options.pollMs ?? 100;
  const flights = new Map<string, { hash: string; result: Promise<SubmitResult> }>();

  const conflict = (refId: string) => ({
    kind: 'conflict' as const,
    problem: new HttpProblem({
      title: 'Unprocessable Content',
      status: 422,
      detail: `The ref_id ${refId} was already used for a different withdrawal request. A retry must send the same request; a new withdrawal needs a new ref_id.`,
      ref_id: refId,
    }),
  });

  /** Whether the transfer read can settle unknown outcomes now (never throws). */
  async function canRead(): Promise<boolean> {
    try {
      return (await options.lookup?.enabled()) ?? false;
    } catch {
      return false;
    }
  }

  /** Reads the transfer by ref_id: the transfer, 'absent', or undefined when the read failed. */
  async function readByRefId(refId: string): Promise<Transfer | 'absent' | undefined> {
    try {
      return (await options.lookup!.byRefId(refId)) ?? 'absent';
    } catch (error) {
      logger.warn({ err: error, ref_id: refId }, 'could not read a transfer by ref_id');
      return undefined;
    }
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

  /** The transfer read by ref_id: created when it is this request, else as a differing 409. */
  function foundByRead(
    found: Transfer,
    request: SubmitWithdrawalRequest,
    replayed: boolean,
  ): SentResult {
    const { verdict, differences } = compareTransfer(found, request);
    if (verdict === 'different') return differingTransfer(request.ref_id, differences);
    return { kind: 'created', transfer: found, replayed };
  }

  /**
   * Sends the create. With the transfer read, a lost answer is not followed by a blind resend:
   * the transfer is read by ref_id; found means created (when it is this request), not found
   * means the create may be sent again (same ref_id). Without the read, the upstream client
   * resends and the 409 settles it.
   */
  async function send(
    request: SubmitWithdrawalRequest,
    requestId: string,
    readFirst: boolean,
  ): Promise<SentResult> {
    const refId = request.ref_id;
    const reading = await canRead();
    if (reading && readFirst) {
      const found = await readByRefId(refId);
      if (found !== undefined && found !== 'absent') return foundByRead(found, request, true);
    }
    const rounds = Math.max(1, options.tuning.maxAttempts);
    for (let round = 1; ; round++) {
      let result: SentResult;
      try {
        const response = await upstream.call('createWithdrawal', {
          body: request,
          requestId,
          ...(reading ? { noResendAfterSent: true } : {}),
        });
        result = await interpret(request, response);
      } catch (error) {
        result = failureResult(refId, error);
      }
      if (result.kind !== 'unknown' || !reading) return result;
      const found = await readByRefId(refId);
      if (found === undefined) return result;
      if (found !== 'absent') {
        // Its answer was lost on the way, but it was created: no second create is sent.
        return foundByRead(found, request, false);
      }
      // Not created: sending it again with the same ref_id is safe (a bounded number of times).
      if (round >= rounds) return result;
    }
  }

  /** One upstream call for a claimed attempt, and its outcome recorded. */
  async function attempt(
    request: SubmitWithdrawalRequest,
    attemptNumber: number,
    requestId: string,
    readFirst = false,
  ): Promise<SentResult> {
    const refId = request.ref_id;
    let result: SentResult;
    let outcome: WithdrawalOutcome;
    try {
      result = await send(request, requestId, readFirst);
    } catch (error) {
      result = failureResult(refId, error);
    }
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
    // Tried again on failure; if it still fails the answer is still the truth: tell the operator.
    // The record stays "submitting" until its lease runs out, then reads unknown, and a check
    // again resolves it through the 409.
    await persistWithRetry(
      () => ledger.recordOutcome(refId, attemptNumber, outcome, result.upstreamStatus),
      { logger, what: 'withdrawal outcome', fields: { ref_id: refId, req_id: requestId } },
    );
    return result;
  }

  async function interpret(
    request: SubmitWithdrawalRequest,
    response: UpstreamResponse,
  ): Promise<SentResult> {
    const refId = request.ref_id;
    const status = response.status;
    if (status >= 200 && status < 300) {
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
          upstreamStatus: status,
        };
      }
      // A success we cannot read: the transfer exists, we do not know it. Check again later.
      return {
        kind: 'unknown',
        problem: unknownProblem(
          refId,
          502,
          'The upstream accepted the withdrawal but its answer could not be read. Check again: the same ref_id never creates a second transfer.',
        ),
        upstreamStatus: status,
      };
    }
    if (status === 409) {
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
        return differingTransfer(refId, comparison.differences, 409);
      // Unreadable or incomplete: almost surely ours too (see differingTransfer). Unknown, checked
      // again with the same ref_id, never "use a new ref_id".
      return {
        kind: 'unknown',
        problem: unknownProblem(
          refId,
          502,
          'The upstream already holds a withdrawal with this ref_id, but its record could not be read or compared. Check again: the same ref_id never creates a second transfer.',
        ),
        upstreamStatus: 409,
      };
    }
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

  function failureResult(refId: string, error: unknown): SentResult {
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

  async function run(
    request: SubmitWithdrawalRequest,
    hash: string,
    context: SubmitContext,
  ): Promise<SubmitResult> {
    const refId = request.ref_id;
    const claim: AttemptClaim = { requestId: context.requestId, leaseMs };
    const sent = context.sentRequest ?? request;
    const intent = await ledger.recordIntent(
      {
        refId,
        operator: context.operator,
        requestHash: hash,
        request,
        ...(context.sentRequest ? { sentRequest: context.sentRequest } : {}),
      },
      claim,
    );
    if (intent.inserted) return attempt(sent, intent.attempt, context.requestId);
    // Records written before fee quotes were left out of the hash carry the full request's hash.
    if (intent.record.request_hash !== hash && intent.record.request_hash !== requestHash(request))
      return conflict(refId);
    // Held by four eyes: only its last approval sends it (ledger.claim never takes it either).
    if (
      intent.record.approval_id !== undefined &&
      (intent.record.status === 'awaiting_approval' || intent.record.status === 'not_sent')
    )
      return { kind: 'held', approvalId: intent.record.approval_id };
    // The body as first sent (with its attribution), whatever this request's stamps would be.
    const resend = recordedBody(intent.record, request);

    // Resume the recorded intent: its result, or a new attempt with the same ref_id.
    const deadline = Date.now() + leaseMs + 5_000;
    let record: WithdrawalRecord | undefined = intent.record;
    for (;;) {
      if (record?.status === 'created' && record.transfer)
        return { kind: 'created', transfer: record.transfer, replayed: true };
      const number = await ledger.claim(refId, claim);
      // An unknown outcome (or a crashed attempt) is read first: it may well have been created.
      if (number !== undefined)
        return attempt(
          // A new fee quote (fee_id) may come with a check again; the rest is as first sent.
          request.fee_id === undefined ? resend : { ...resend, fee_id: request.fee_id },
          number,
          context.requestId,
          record?.status === 'unknown' || record?.status === 'submitting',
        );
      // Another attempt holds it (another instance, or a lease not yet run out): wait for it.
      record = await ledger.get(refId);
      if (!record) throw new Error(`withdrawal ${refId} is not in the ledger`);
      if (record.status === 'submitting') {
        if (Date.now() > deadline) {
          return {
            kind: 'unknown',
            problem: unknownProblem(
              refId,
              504,
              'Another submission of this withdrawal is still in progress. Check again shortly.',
            ),
          };
        }
        await sleep(pollMs);
        record = await ledger.get(refId);
        if (record?.status === 'refused' && record.problem)
          return { kind: 'refused', problem: recordedProblem(record) };
      }
    }
  }

  return {
    sendClaimed: (body, attemptNumber, requestId) => attempt(body, attemptNumber, requestId),
    async submit(request, context) {
      const refId = request.ref_id;
      const hash = intentHash(request);
      const flight = flights.get(refId);
      if (flight) {
        // Same ref_id in flight in this process: share its result instead of a second call.
        if (flight.hash !== hash) return conflict(refId);
        const shared = await flight.result;
        return shared.kind === 'created' ? { ...shared, replayed: true } : shared;
      }
      const result = run(request, hash, context);
      flights.set(refId, { hash, result });
      try {
        return await result;
      } finally {
        flights.delete(refId);
      }
    },
  };
}
