import type { Problem } from '../../../../../contract/problem';
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

const titleIs = (problem: Problem, title: string) =>
  problem.title.trim().toLowerCase() === title.toLowerCase();

/** The api-client's stand-in for a request that never got an answer (see lib/api-client.ts). */
function isNetworkFailure(error: ApiError): boolean {
  return (
    error.problem.title === 'Network error' &&
    error.problem.type === 'about:blank' &&
    !error.headers.has('content-type')
  );
}

export function outcomeFromError(error: ApiError): WithdrawalOutcome {
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
  if (
    problem.status === 400 ||
    (problem.errors && problem.errors.length > 0 && problem.status < 500)
  ) {
    return { kind: 'invalid', detail, fieldErrors: problem.errors ?? [] };
  }
  if (problem.status === 403) {
    if (titleIs(problem, 'Insufficient Funds')) {
      return {
        kind: 'insufficient-funds',
        detail,
        available: metaString(problem, 'available'),
        needed: metaString(problem, 'needed'),
        asset: metaString(problem, 'asset'),
      };
    }
    if (titleIs(problem, 'Travel Rule Information Required'))
      return { kind: 'travel-rule-required', detail };
    if (titleIs(problem, 'Rejected')) return { kind: 'rejected', detail };
    if (titleIs(problem, 'Expired'))
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
