import { assetDecimals } from '../../../../../contract/asset-precision';
import { recognizeProblem, type Problem } from '../../../../../contract/problem';
import { TransferSchema, type Transfer } from '../../../../../contract/withdrawals';
import type { ApiError } from '../../../lib/api-error';

/** Every answer a submit can get, in the operator's terms. */
export type WithdrawalOutcome =
  | { kind: 'created'; transfer: Transfer; replayed: boolean }
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
  | { kind: 'expired'; detail?: string; expiredAt?: string }
  /** 409: a different, earlier withdrawal already holds this ref_id. */
  | { kind: 'conflict'; detail?: string; existing?: Transfer }
  /** 422: this ref_id was used before for a different request. */
  | { kind: 'ref-id-reused'; detail?: string }
  | { kind: 'invalid'; detail?: string; fieldErrors: { path: string; message: string }[] }
  /** The request may have created a transfer: never shown as failed; checking again is safe. */
  | { kind: 'unknown'; detail?: string; refId?: string }
  | { kind: 'error'; status: number; title: string; detail?: string };

export function outcomeFromTransfer(transfer: Transfer, headers: Headers): WithdrawalOutcome {
  return { kind: 'created', transfer, replayed: headers.get('Idempotent-Replayed') === 'true' };
}

const metaString = (problem: Problem, key: string): string | undefined => {
  const value = problem.meta?.[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

/** What was sent, to explain a refusal in its terms (the asset's precision, the amount field). */
export interface SentWithdrawal {
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
function isNetworkFailure(error: ApiError): boolean {
  return (
    error.problem.title === 'Network error' &&
    error.problem.type === 'about:blank' &&
    !error.headers.has('content-type')
  );
}

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
    return { kind: 'unknown', detail, refId: problem.ref_id };
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
  if (problem.status === 422) return { kind: 'ref-id-reused', detail };
  return { kind: 'error', status: problem.status, title: problem.title, detail };
}

/** Outcomes after which the same ref_id must be sent again (not a new intent). */
export function keepsRefId(outcome: WithdrawalOutcome): boolean {
  return (
    outcome.kind === 'unknown' ||
    outcome.kind === 'travel-rule-required' ||
    outcome.kind === 'error' ||
    outcome.kind === 'invalid'
  );
}
