import { describe, expect, it } from 'vitest';
import { HeldForApprovalResponseSchema } from './approvals';
import { CONSOLE_PROBLEM_TYPES } from './problem';
import { LEDGER_STATUSES, WithdrawalRecordSchema } from './withdrawal-ledger';
import {
  AWAITING_APPROVAL,
  refIdReusedProblem,
  SENT_OUTCOMES,
  SUBMIT_OUTCOMES,
} from './withdrawal-outcome';

// Issue 22: seven vocabularies for one submit result, with both `awaiting_approval` and
// `awaiting-approval`. One vocabulary now, every other list derived from it.

describe('the submit outcome vocabulary', () => {
  it('is the sent outcomes and awaiting_approval, spelled one way', () => {
    expect(SUBMIT_OUTCOMES).toEqual(['created', 'refused', 'unknown', 'awaiting_approval']);
    expect(SUBMIT_OUTCOMES.filter((kind) => kind.includes('-'))).toEqual([]);
  });

  it('gives the ledger its statuses, in the order the filters show them', () => {
    expect(LEDGER_STATUSES).toEqual([
      'submitting',
      ...SENT_OUTCOMES,
      AWAITING_APPROVAL,
      'not_sent',
    ]);
    const record = {
      ref_id: 'r',
      operator: { subject: 's', name: 'n' },
      request_hash: 'h',
      request: {},
      created_at: 'now',
      updated_at: 'now',
    };
    for (const status of SUBMIT_OUTCOMES)
      expect(WithdrawalRecordSchema.safeParse({ ...record, status }).success).toBe(true);
    const kebab = { ...record, status: 'awaiting-approval' };
    expect(WithdrawalRecordSchema.safeParse(kebab).success).toBe(false);
  });

  it("gives the last approval's submission its outcomes: what reached the service, never held", () => {
    const submission = HeldForApprovalResponseSchema.shape.submission.unwrap();
    expect(submission.shape.outcome.options).toEqual([...SENT_OUTCOMES]);
  });

  it('words the 422 for a ref_id reused for another request once, with the ref_id', () => {
    expect(refIdReusedProblem('abc')).toEqual({
      type: CONSOLE_PROBLEM_TYPES.refIdReused,
      title: 'Unprocessable Content',
      status: 422,
      detail:
        'The ref_id abc was already used for a different withdrawal request. A retry must send the same request; a new withdrawal needs a new ref_id.',
      ref_id: 'abc',
    });
  });
});
