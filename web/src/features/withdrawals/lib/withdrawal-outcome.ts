import type { ApprovalRequest } from '#contract/approvals';
import { assetDecimals } from '#contract/asset-precision';
import { isConsoleProblem, recognizeProblem, type Problem } from '#contract/problem';
import type { AWAITING_APPROVAL } from '#contract/withdrawal-outcome';
import { TransferSchema, type Transfer } from '#contract/withdrawals';
import type { ApiError } from '#web/lib/api-error';
import { retryAfterSeconds } from '#web/lib/use-countdown';

/**
 * Every answer a submit can get, in the operator's terms: the contract's submit outcomes
 * (contract/withdrawal-outcome.ts: created, unknown, awaiting_approval), with `refused` told
 * apart by the problem it carries (not-found, insufficient-funds, invalid...).
 */
export type WithdrawalOutcome =
  /**
   * `recovered`: a replay answering this tab's own earlier try whose answer was lost (the outcome
   * was unknown); without it a replay is someone else's (or a stale tab's) earlier submit.
   */
  | { kind: 'created'; transfer: Transfer; replayed: boolean; recovered?: boolean }
  /** 404: the service does not know something the request names (the profile, the fee quote). */
  | { kind: 'not-found'; detail?: string; fieldErrors: { path: string; message: string }[] }
  | {
      kind: 'insufficient-funds';
      detail?: string;
      available?: string;
      needed?: string;
      asset?: string;
    }
  | { kind: 'travel-rule-required'; detail?: string }
  | { kind: 'rejected'; detail?: string }
  /** 403: the identity behind the withdrawal has not finished its verification. */
  | { kind: 'identity-verification'; detail?: string; identityId?: string; currentStatus?: string }
  /** `quoted`: the fee id was the review's guaranteed fee quote (not one typed in the form). */
  | { kind: 'expired'; detail?: string; expiredAt?: string; quoted?: boolean }
  /** 409: a different, earlier withdrawal already holds this ref_id. */
  | { kind: 'conflict'; detail?: string; existing?: Transfer }
  /** 422: this ref_id was used before for a different request. */
  | { kind: 'ref-id-reused'; detail?: string }
  | { kind: 'invalid'; detail?: string; fieldErrors: { path: string; message: string }[] }
  /** The request may have created a transfer: never shown as failed; checking again is safe. */
  | { kind: 'unknown'; detail?: string; refId?: string; reach?: UnknownReach }
  /**
   * The console's own server refused the submit (its 401: the session ended) before anything
   * went upstream: nothing was sent, nothing recorded; the same ref_id may be submitted again.
   */
  | { kind: 'not-sent'; reason: 'session-ended' }
  | { kind: 'error'; status: number; title: string; detail?: string; retryAfter?: number }
  /**
   * 202: the four-eyes policy holds it. Nothing reached the service; the ref_id is fixed and the
   * last approval sends it. Never "Submitted" or "Created".
   */
  | { kind: typeof AWAITING_APPROVAL; approval: ApprovalRequest }
  /**
   * 409 Destination Not Approved: the destination is held for approval (`approvalId`) or cooling
   * off after one (`receivableFrom`); with `refusal`, not an approved destination under the
   * policy's allowlist (`saveAddress`: what to save for approval) or rejected by an address
   * approver, or archived in the address book (`saveAddress`: the destination to bring back).
   * Nothing was sent; the same ref_id may go once it is cleared.
   */
  | {
      kind: 'destination-not-approved';
      detail?: string;
      approvalId?: string;
      receivableFrom?: string;
      refusal?: 'not-allowlisted' | 'rejected' | 'archived';
      saveAddress?: { cryptoNetwork: string; address: string };
    };

/**
 * How far the request got, which changes what the operator is told: the console could not reach
 * its own server; its server could not reach the service (the request most likely never arrived);
 * or the request left and its answer was lost.
 */
export type UnknownReach = 'console-unreachable' | 'service-unreachable' | 'sent';

export function outcomeFromTransfer(transfer: Transfer, headers: Headers): WithdrawalOutcome {
  return { kind: 'created', transfer, replayed: headers.get('Idempotent-Replayed') === 'true' };
}

const metaString = (problem: Problem, key: string): string | undefined => {
  const value = problem.meta?.[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

/** What was sent, to explain a refusal in its terms (the asset's precision, the amount field). */
interface SentWithdrawal {
  asset?: string;
  amount?: string;
  total?: string;
}

/**
 * The service's refusals of a value (limits, precision, address) as a field error, so the form
 * shows them on the field with the figures the service gave (docs/upstream-contract.md).
 */
function fieldRefusal(
  problem: Problem,
  sent: SentWithdrawal,
): { path: string; message: string } | undefined {
  const known = recognizeProblem(problem);
  const asset = sent.asset ?? metaString(problem, 'asset') ?? '';
  const amountField = sent.amount === undefined && sent.total !== undefined ? 'total' : 'amount';
  const limit = metaString(problem, 'limit');
  const amount = metaString(problem, 'amount');
  const sends = amount !== undefined ? `; this withdrawal sends ${amount} ${asset}` : '';
  switch (known) {
    case 'below-min-withdraw-limit':
      return {
        path: amountField,
        message:
          `Too small: the smallest ${asset} withdrawal is ${limit ?? '(limit not given)'} ${asset}${sends}`.replace(
            / {2,}/g,
            ' ',
          ),
      };
    case 'exceed-max-withdraw-limit':
      return {
        path: amountField,
        message:
          `Too large: the largest ${asset} withdrawal is ${limit ?? '(limit not given)'} ${asset}${sends}`.replace(
            / {2,}/g,
            ' ',
          ),
      };
    case 'exceed-precision': {
      const places = sent.asset !== undefined ? assetDecimals(sent.asset) : undefined;
      return {
        path: amountField,
        message:
          places !== undefined
            ? `Too many decimal places: ${sent.asset} takes at most ${places}`
            : (problem.detail ?? 'Too many decimal places for this asset'),
      };
    }
    case 'unsupported-address': {
      const reason = metaString(problem, 'reason');
      return {
        path: 'destination_address',
        message: `${problem.detail ?? 'The service does not support this address'}${reason ? ` (${reason})` : ''}`,
      };
    }
    default:
      return undefined;
  }
}

/** The api-client's stand-in for a request that never got an answer (see lib/api-client.ts). */
const isNetworkFailure = (error: ApiError): boolean => error.noAnswer;

export function outcomeFromError(error: ApiError, sent: SentWithdrawal = {}): WithdrawalOutcome {
  const problem = error.problem;
  const detail = problem.detail;
  // Unknown first: a lost answer may hide a created transfer. A gateway that timed out (502/504
  // without our problem body) or a dropped connection are just as unknown.
  if (
    error.outcomeUnknown ||
    problem.status === 502 ||
    problem.status === 504 ||
    isNetworkFailure(error)
  ) {
    const reach: UnknownReach = isNetworkFailure(error)
      ? 'console-unreachable'
      : problem.upstream_reached === false
        ? 'service-unreachable'
        : 'sent';
    // The console's own stand-in detail says nothing the reach text does not already say.
    return {
      kind: 'unknown',
      detail: reach === 'console-unreachable' ? undefined : detail,
      refId: problem.ref_id,
      reach,
    };
  }
  // The BFF's refusal of a destination still held for approval or cooling off after one, not
  // allowlisted, or rejected by an address approver.
  const destinationRefusal = destinationRefusalOf(problem);
  if (destinationRefusal) return destinationRefusal;
  if (problem.status === 404) {
    // Named ids the service does not know: the fix is an edit, never "submit again".
    const field = /fee/i.test(detail ?? '')
      ? 'fee_id'
      : /profile/i.test(detail ?? '')
        ? 'profile_id'
        : undefined;
    return {
      kind: 'not-found',
      detail,
      fieldErrors: field ? [{ path: field, message: detail ?? 'Not known to the service' }] : [],
    };
  }
  // The service's problems are recognised by their type slug first, then status and title.
  const known = recognizeProblem(problem);
  const refusal = fieldRefusal(problem, sent);
  if (refusal) return { kind: 'invalid', detail, fieldErrors: [refusal] };
  if (
    problem.status === 400 ||
    (problem.errors && problem.errors.length > 0 && problem.status < 500)
  ) {
    return { kind: 'invalid', detail, fieldErrors: problem.errors ?? [] };
  }
  if (problem.status === 403 || known !== undefined) {
    if (known === 'insufficient-funds') {
      return {
        kind: 'insufficient-funds',
        detail,
        available: metaString(problem, 'available'),
        needed: metaString(problem, 'needed'),
        asset: metaString(problem, 'asset'),
      };
    }
    if (known === 'travel-rule-information-required')
      return { kind: 'travel-rule-required', detail };
    if (known === 'rejected') return { kind: 'rejected', detail };
    if (known === 'identity-verification-required')
      return {
        kind: 'identity-verification',
        detail,
        identityId: metaString(problem, 'identity_id'),
        currentStatus: metaString(problem, 'current_status'),
      };
    if (known === 'expired')
      return { kind: 'expired', detail, expiredAt: metaString(problem, 'expired_at') };
  }
  if (problem.status === 409) {
    const existing = TransferSchema.safeParse(problem.meta?.existing);
    return { kind: 'conflict', detail, existing: existing.success ? existing.data : undefined };
  }
  if (isConsoleProblem(problem, 'refIdReused')) return { kind: 'ref-id-reused', detail };
  const retryAfter = problem.status === 429 ? retryAfterSeconds(error.headers) : undefined;
  return {
    kind: 'error',
    status: problem.status,
    title: problem.title,
    detail,
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  };
}

/** The BFF's refusals of a destination (by their problem type), in the operator's terms. */
function destinationRefusalOf(problem: Problem): WithdrawalOutcome | undefined {
  const refusal = isConsoleProblem(problem, 'destinationNotAllowlisted')
    ? ('not-allowlisted' as const)
    : isConsoleProblem(problem, 'destinationRejected')
      ? ('rejected' as const)
      : isConsoleProblem(problem, 'destinationArchived')
        ? ('archived' as const)
        : undefined;
  if (!refusal && !isConsoleProblem(problem, 'destinationNotApproved')) return undefined;
  const members = problem as Record<string, unknown>;
  const member = (key: string) => {
    const value = members[key] ?? problem.meta?.[key];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const save = (members.save_address ?? members.destination) as
    { crypto_network?: unknown; address?: unknown } | undefined;
  return {
    kind: 'destination-not-approved',
    detail: problem.detail,
    approvalId: member('approval_id'),
    receivableFrom: member('receivable_from'),
    ...(refusal ? { refusal } : {}),
    ...(typeof save?.crypto_network === 'string' && typeof save.address === 'string'
      ? { saveAddress: { cryptoNetwork: save.crypto_network, address: save.address } }
      : {}),
  };
}

/** Outcomes after which the same ref_id must be sent again (not a new intent). */
export function keepsRefId(outcome: WithdrawalOutcome): boolean {
  return (
    outcome.kind === 'unknown' ||
    outcome.kind === 'travel-rule-required' ||
    outcome.kind === 'error' ||
    outcome.kind === 'invalid' ||
    outcome.kind === 'destination-not-approved'
  );
}
