import { setTimeout as sleep } from 'node:timers/promises';
import type { OperatorRef } from '#contract/operator-ref';
import type { Problem } from '#contract/problem';
import {
  approvalSpentProblem,
  AWAITING_APPROVAL,
  refIdReusedProblem,
} from '#contract/withdrawal-outcome';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import {
  createSubmitWithdrawalRequestSchema,
  type SubmitWithdrawalRequest,
} from '#contract/withdrawals';
import { requestHash } from '#contract/request-hash';
import { HttpProblem } from '#bff/http/http-problem';
import type { AttemptClaim, WithdrawalLedger } from '#bff/store/withdrawal-ledger-port';
import { unknownProblem, type SentResult, type SubmitResult } from './submit-result';

export interface SubmitContext {
  operator: OperatorRef;
  requestId: string;
  /**
   * The body to send: the request with the console's attribution in its metadata. Recorded with
   * the intent; a later attempt resends the recorded one. Default: the request itself.
   */
  sentRequest?: SubmitWithdrawalRequest;
}

/**
 * The identity of a withdrawal intent: the request without its `fee_id`. A fee quote only fixes
 * the fee; when it expires, a new quote sends the same withdrawal again with the same ref_id.
 */
export function intentHash(request: SubmitWithdrawalRequest): string {
  const { fee_id: _feeId, ...intent } = request;
  return requestHash(intent);
}

/** One claimed attempt: the upstream call and its outcome recorded (withdrawal-attempt.ts). */
export type Attempt = (
  request: SubmitWithdrawalRequest,
  attemptNumber: number,
  requestId: string,
  readFirst?: boolean,
) => Promise<SentResult>;

interface SubmitIntentDeps {
  ledger: WithdrawalLedger;
  leaseMs: number;
  pollMs: number;
  attempt: Attempt;
}

/** The 422 for a ref_id already used for a different request: nothing is sent. */
export const refIdReused = (refId: string): SubmitResult => ({
  kind: 'refused',
  refIdReused: true,
  problem: new HttpProblem(refIdReusedProblem(refId)),
});

// Reads back the body this BFF recorded as sent (it was checked when it was submitted): a check
// again resends exactly it. Testnet forms are allowed here because the record is ours, not input.
const RecordedBodySchema = createSubmitWithdrawalRequestSchema({ allowTestnet: true });

/**
 * 409: an approved withdrawal the service refused. Its approval was spent by that send: nothing
 * is sent again under its ref_id (the ledger never claims it either).
 */
const approvalSpent = (record: WithdrawalRecord): SubmitResult | undefined =>
  record.status === 'refused' && record.approval_id !== undefined
    ? {
        kind: 'refused',
        refIdReused: true,
        problem: new HttpProblem(approvalSpentProblem(record.ref_id, record.approval_id)),
      }
    : undefined;

/** The body to send for a recorded intent: the one recorded as sent, else the request itself. */
function recordedBody(
  record: WithdrawalRecord,
  request: SubmitWithdrawalRequest,
): SubmitWithdrawalRequest {
  if (!record.sent_request) return request;
  const parsed = RecordedBodySchema.safeParse(record.sent_request);
  return parsed.success && parsed.data.ref_id === request.ref_id ? parsed.data : request;
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

/** A record's settled answer: created, or refused (with its problem); undefined otherwise. */
function settledResult(record: WithdrawalRecord): SentResult | undefined {
  if (record.status === 'created' && record.transfer)
    return { kind: 'created', transfer: record.transfer, replayed: true };
  if (record.status === 'refused') return { kind: 'refused', problem: recordedProblem(record) };
  return undefined;
}

/**
 * Finishes a recorded intent whose attempt stopped with its process (an approved send after a
 * crash), with no request to go by: the record's own answer when it is settled; else a new
 * attempt of the body recorded as sent, which reads by ref_id first (it may well have been
 * created). Undefined while another attempt holds it, or when nothing can be sent.
 */
export async function resumeRecorded(
  deps: SubmitIntentDeps,
  refId: string,
  requestId: string,
): Promise<{ result: SentResult; body: unknown } | undefined> {
  const record = await deps.ledger.get(refId);
  if (!record) return undefined;
  const recorded = record.sent_request ?? record.request;
  const settled = settledResult(record);
  if (settled) return { result: settled, body: recorded };
  const parsed = RecordedBodySchema.safeParse(recorded);
  if (!parsed.success || parsed.data.ref_id !== refId) return undefined;
  const number = await deps.ledger.claim(refId, { requestId, leaseMs: deps.leaseMs });
  if (number === undefined) {
    // Settled meanwhile, or another attempt holds it (a check again, another instance).
    const now = await deps.ledger.get(refId);
    const answer = now ? settledResult(now) : undefined;
    return answer ? { result: answer, body: recorded } : undefined;
  }
  return { result: await deps.attempt(parsed.data, number, requestId, true), body: parsed.data };
}

/**
 * Write-ahead: the intent goes into the ledger before the upstream hears of it, and this request
 * holds its first attempt. An intent already recorded is answered from its record (a different
 * request under its ref_id: 422; held by four eyes: awaiting approval) or resumed.
 */
export async function submitIntent(
  deps: SubmitIntentDeps,
  request: SubmitWithdrawalRequest,
  hash: string,
  context: SubmitContext,
): Promise<SubmitResult> {
  const refId = request.ref_id;
  const claim: AttemptClaim = { requestId: context.requestId, leaseMs: deps.leaseMs };
  const intent = await deps.ledger.recordIntent(
    {
      refId,
      operator: context.operator,
      requestHash: hash,
      request,
      ...(context.sentRequest ? { sentRequest: context.sentRequest } : {}),
    },
    claim,
  );
  if (intent.inserted)
    return deps.attempt(context.sentRequest ?? request, intent.attempt, context.requestId);
  // Records written before fee quotes were left out of the hash carry the full request's hash.
  if (intent.record.request_hash !== hash && intent.record.request_hash !== requestHash(request))
    return refIdReused(refId);
  // Held by four eyes: only its last approval sends it (ledger.claim never takes it either).
  if (
    intent.record.approval_id !== undefined &&
    (intent.record.status === AWAITING_APPROVAL || intent.record.status === 'not_sent')
  )
    return { kind: AWAITING_APPROVAL, approvalId: intent.record.approval_id };
  return approvalSpent(intent.record) ?? resumeIntent(deps, request, intent.record, claim);
}

/**
 * Resumes a recorded intent: its result, or a new attempt with the same ref_id; while another
 * attempt holds it (another instance, or a lease not yet run out), waits for it.
 */
async function resumeIntent(
  deps: SubmitIntentDeps,
  request: SubmitWithdrawalRequest,
  first: WithdrawalRecord,
  claim: AttemptClaim,
): Promise<SubmitResult> {
  const { ledger } = deps;
  const refId = request.ref_id;
  // The body as first sent (with its attribution), whatever this request's stamps would be.
  const resend = recordedBody(first, request);
  const deadline = Date.now() + deps.leaseMs + 5_000;
  let record: WithdrawalRecord | undefined = first;
  for (;;) {
    if (record?.status === 'created' && record.transfer)
      return { kind: 'created', transfer: record.transfer, replayed: true };
    const number = await ledger.claim(refId, claim);
    // An unknown outcome (or a crashed attempt) is read first: it may well have been created.
    if (number !== undefined)
      return deps.attempt(
        // A new fee quote (fee_id) may come with a check again; the rest is as first sent.
        request.fee_id === undefined ? resend : { ...resend, fee_id: request.fee_id },
        number,
        claim.requestId,
        record?.status === 'unknown' || record?.status === 'submitting',
      );
    // Another attempt holds it (another instance, or a lease not yet run out): wait for it.
    record = await ledger.get(refId);
    if (!record) throw new Error(`withdrawal ${refId} is not in the ledger`);
    // Refused after its approval meanwhile: never claimed again (no loop on it either).
    const spent = approvalSpent(record);
    if (spent) return spent;
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
      await sleep(deps.pollMs);
      record = await ledger.get(refId);
      if (record?.status === 'refused' && record.problem)
        return { kind: 'refused', problem: recordedProblem(record) };
    }
  }
}
