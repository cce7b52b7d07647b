import { describe, expect, it } from 'vitest';
import { CONSOLE_PROBLEM_TYPES, noAnswerProblem, type Problem } from '#contract/problem';
import { refIdReusedProblem } from '#contract/withdrawal-outcome';
import { ApiError } from '#web/lib/api-error';
import { keepsRefId, outcomeFromError, outcomeFromTransfer } from './withdrawal-outcome';

const problemHeaders = () => new Headers({ 'content-type': 'application/problem+json' });
const err = (
  problem: Partial<Problem> & { title: string; status: number },
  headers = problemHeaders(),
) => new ApiError({ type: 'about:blank', ...problem }, headers);

const transfer = {
  id: 't-1',
  status: 'PENDING',
  amount: '1.5',
  fee: '0.01',
  total: '1.51',
  ref_id: 'r-1',
};

describe('outcomeFromTransfer', () => {
  it('is a created transfer, replayed only when the BFF says so', () => {
    expect(outcomeFromTransfer(transfer, new Headers())).toEqual({
      kind: 'created',
      transfer,
      replayed: false,
    });
    expect(outcomeFromTransfer(transfer, new Headers({ 'Idempotent-Replayed': 'true' }))).toEqual({
      kind: 'created',
      transfer,
      replayed: true,
    });
  });
});

describe('outcomeFromError', () => {
  it('maps insufficient funds with available and needed', () => {
    const outcome = outcomeFromError(
      err({
        status: 403,
        title: 'Insufficient Funds',
        detail: 'Not enough',
        meta: { available: '0.5', needed: '1.51', asset: 'ETH' },
      }),
    );
    expect(outcome).toEqual({
      kind: 'insufficient-funds',
      detail: 'Not enough',
      available: '0.5',
      needed: '1.51',
      asset: 'ETH',
    });
  });

  it('maps the other 403 refusals by title', () => {
    expect(
      outcomeFromError(
        err({ status: 403, title: 'Travel Rule Information Required', detail: 'd' }),
      ),
    ).toEqual({
      kind: 'travel-rule-required',
      detail: 'd',
    });
    expect(outcomeFromError(err({ status: 403, title: 'Rejected', detail: 'risk' }))).toEqual({
      kind: 'rejected',
      detail: 'risk',
    });
    expect(
      outcomeFromError(
        err({
          status: 403,
          title: 'Expired',
          detail: 'fee quote',
          meta: { expired_at: '2026-01-01T00:00:00.000Z' },
        }),
      ),
    ).toEqual({ kind: 'expired', detail: 'fee quote', expiredAt: '2026-01-01T00:00:00.000Z' });
  });

  it('keeps an unknown 403 (e.g. a missing role) as a plain error', () => {
    expect(outcomeFromError(err({ status: 403, title: 'Forbidden', detail: 'role' }))).toEqual({
      kind: 'error',
      status: 403,
      title: 'Forbidden',
      detail: 'role',
    });
  });

  it('never calls a lost answer failed: outcome unknown, 502/504 and network failures are unknown', () => {
    expect(
      outcomeFromError(
        err({ status: 502, title: 'Bad Gateway', outcome: 'unknown', ref_id: 'r-1' }),
      ),
    ).toEqual({
      kind: 'unknown',
      detail: undefined,
      refId: 'r-1',
      reach: 'sent',
    });
    expect(
      outcomeFromError(err({ status: 504, title: 'Gateway Timeout' }, new Headers())).kind,
    ).toBe('unknown');
    expect(
      outcomeFromError(err({ ...noAnswerProblem(), detail: 'offline' }, new Headers())),
    ).toMatchObject({ kind: 'unknown', reach: 'console-unreachable', detail: undefined });
    expect(
      outcomeFromError(
        err({ status: 502, title: 'Bad Gateway', outcome: 'unknown', upstream_reached: false }),
      ),
    ).toMatchObject({ kind: 'unknown', reach: 'service-unreachable' });
  });

  it('maps a 404 (unknown profile or fee quote) to the field it names, never a retry', () => {
    expect(
      outcomeFromError(err({ status: 404, title: 'Not Found', detail: 'No profile has the id x' })),
    ).toEqual({
      kind: 'not-found',
      detail: 'No profile has the id x',
      fieldErrors: [{ path: 'profile_id', message: 'No profile has the id x' }],
    });
  });

  it('keeps a 503 problem from the BFF (nothing sent upstream) as an error', () => {
    expect(
      outcomeFromError(err({ status: 503, title: 'Upstream credentials rejected' })).kind,
    ).toBe('error');
  });

  it('maps field errors for inline display', () => {
    const errors = [{ path: 'destination_address', message: 'Bad checksum' }];
    expect(outcomeFromError(err({ status: 400, title: 'Bad Request', errors }))).toEqual({
      kind: 'invalid',
      detail: undefined,
      fieldErrors: errors,
    });
  });

  it('maps a 409 with its existing transfer, and a 422 reuse', () => {
    const outcome = outcomeFromError(
      err({ status: 409, title: 'Already Exists', meta: { existing: transfer } }),
    );
    expect(outcome).toEqual({ kind: 'conflict', detail: undefined, existing: transfer });
    expect(
      outcomeFromError(err({ status: 409, title: 'Already Exists', meta: { existing: 'junk' } })),
    ).toEqual({
      kind: 'conflict',
      detail: undefined,
      existing: undefined,
    });
    expect(
      outcomeFromError(
        err({ ...refIdReusedProblem('r-1'), title: 'Unprocessable', detail: 'reused' }),
      ).kind,
    ).toBe('ref-id-reused');
  });
});

describe("outcomeFromError: the BFF's own problems by type URI", () => {
  it('knows a destination refusal and a reused ref_id by their type, not their words', () => {
    expect(
      outcomeFromError(
        err({
          type: CONSOLE_PROBLEM_TYPES.destinationNotApproved,
          title: 'Destination Not Approved',
          status: 409,
          approval_id: 'apr-1',
        }),
      ),
    ).toMatchObject({ kind: 'destination-not-approved', approvalId: 'apr-1' });
    // The same title without the type is an ordinary conflict.
    expect(outcomeFromError(err({ title: 'Destination Not Approved', status: 409 })).kind).toBe(
      'conflict',
    );
    expect(outcomeFromError(err(refIdReusedProblem('r-1'))).kind).toBe('ref-id-reused');
    // A network failure is known by the no-answer type, not by the title "Network error".
    expect(outcomeFromError(err({ title: 'Network error', status: 503 }, new Headers())).kind).toBe(
      'error',
    );
  });
});

describe('keepsRefId', () => {
  it('keeps the ref_id where the same intent is retried, retires it where the intent ended', () => {
    expect(keepsRefId({ kind: 'unknown' })).toBe(true);
    expect(keepsRefId({ kind: 'travel-rule-required' })).toBe(true);
    expect(keepsRefId({ kind: 'insufficient-funds' })).toBe(false);
    expect(keepsRefId({ kind: 'rejected' })).toBe(false);
    expect(keepsRefId({ kind: 'created', transfer, replayed: false })).toBe(false);
  });
});

describe('outcomeFromError: the service problems, by type slug first', () => {
  const TYPE = 'https://developer.paxos.com/docs/v2/problems/';

  it('recognises a problem by its slug whatever its title says', () => {
    const outcome = outcomeFromError(
      err({ type: `${TYPE}insufficient-funds`, title: 'Not enough', status: 403 }),
    );
    expect(outcome.kind).toBe('insufficient-funds');
  });

  it('never by the title alone: a 400 titled Insufficient Funds is a refused field set', () => {
    expect(outcomeFromError(err({ title: 'Insufficient Funds', status: 400 })).kind).toBe(
      'invalid',
    );
    expect(outcomeFromError(err({ title: 'Rejected', status: 418 })).kind).toBe('error');
  });

  it('shows a limit on the amount field with the figures the service gave', () => {
    const outcome = outcomeFromError(
      err({
        type: `${TYPE}below-min-withdraw-limit`,
        title: 'Withdrawal Amount Too Small',
        status: 400,
        meta: { limit: '0.001', amount: '0.0001' },
      }),
      { asset: 'ETH', amount: '0.0001' },
    );
    expect(outcome).toEqual({
      kind: 'invalid',
      fieldErrors: [
        {
          path: 'amount',
          message:
            'Too small: the smallest ETH withdrawal is 0.001 ETH; this withdrawal sends 0.0001 ETH',
        },
      ],
    });
    const large = outcomeFromError(
      err({
        type: `${TYPE}exceed-max-withdraw-limit`,
        title: 'Withdrawal Amount Too Large',
        status: 400,
        meta: { limit: '1000', amount: '1200' },
      }),
      { asset: 'ETH', total: '1200.0004' },
    );
    expect(large.kind === 'invalid' && large.fieldErrors[0]).toEqual({
      path: 'total',
      message: 'Too large: the largest ETH withdrawal is 1000 ETH; this withdrawal sends 1200 ETH',
    });
  });

  it('names the precision of the asset for exceed-precision', () => {
    const outcome = outcomeFromError(
      err({
        type: `${TYPE}exceed-precision`,
        title: 'Exceeds Maximum Precision Allowed',
        status: 400,
      }),
      { asset: 'ETH', amount: `0.${'1'.repeat(19)}` },
    );
    expect(outcome.kind === 'invalid' && outcome.fieldErrors).toEqual([
      { path: 'amount', message: 'Too many decimal places: ETH takes at most 18' },
    ]);
  });

  it('explains identity verification with the identity and its status', () => {
    expect(
      outcomeFromError(
        err({
          type: `${TYPE}identity-verification-required`,
          title: 'Identity Verification Required',
          status: 403,
          meta: { identity_id: 'id-1', current_status: 'PENDING', ref_path: '/x' },
        }),
      ),
    ).toEqual({
      kind: 'identity-verification',
      identityId: 'id-1',
      currentStatus: 'PENDING',
    });
  });

  it('an about:blank Bad Request with only a detail is a refusal that says the detail', () => {
    expect(
      outcomeFromError(err({ title: 'Bad Request', status: 400, detail: 'amount is malformed' })),
    ).toEqual({ kind: 'invalid', detail: 'amount is malformed', fieldErrors: [] });
  });
});
