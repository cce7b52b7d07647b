import { z } from 'zod';
import { CONSOLE_PROBLEM_TYPES } from './problem';

// What one submit of a withdrawal came to: one vocabulary from the BFF's submitter, through its
// ledger, audit trail and answers, to the screen. The wire carries it as:
//   created            200 with the transfer (`Idempotent-Replayed: true` when it existed before)
//   awaiting_approval  202 { approval }: held by the four-eyes policy, nothing reached the service
//   unknown            a problem with `outcome: "unknown"` (or a 502/504): it may have been created
//   refused            any other problem: the service (or the BFF, before sending) refused it
// The screen refines `refused` by the problem it carries (insufficient funds, Travel Rule...).

/** What the service made of a withdrawal that reached it, or may have (the ledger's outcome). */
export const SENT_OUTCOMES = ['created', 'refused', 'unknown'] as const;
export const SentOutcomeSchema = z.enum(SENT_OUTCOMES);
export type SentOutcome = z.infer<typeof SentOutcomeSchema>;

/** Held by the four-eyes policy: nothing reached the service; its last approval sends it. */
export const AWAITING_APPROVAL = 'awaiting_approval';

/** What a submit came to: a sent outcome, or held for approval (HTTP 202). */
export const SUBMIT_OUTCOMES = [...SENT_OUTCOMES, AWAITING_APPROVAL] as const;
export type SubmitOutcome = (typeof SUBMIT_OUTCOMES)[number];

/**
 * 422: a ref_id already used for a different withdrawal request. Nothing was sent: a retry must
 * send the same request, a new withdrawal needs a new ref_id.
 */
export function refIdReusedProblem(refId: string) {
  return {
    // The SPA knows it by this type, never by its status or words.
    type: CONSOLE_PROBLEM_TYPES.refIdReused,
    title: 'Unprocessable Content',
    status: 422,
    detail: `The ref_id ${refId} was already used for a different withdrawal request. A retry must send the same request; a new withdrawal needs a new ref_id.`,
    ref_id: refId,
  } as const;
}

/**
 * 409: the service refused this approved withdrawal, and an approval is spent by its send. The
 * ref_id is not sent again (not by anyone, not with a new fee quote); the same withdrawal under
 * a new ref_id is a new request, held for a new approval.
 */
export function approvalSpentProblem(refId: string, approvalId: string) {
  return {
    type: CONSOLE_PROBLEM_TYPES.approvalSpent,
    title: 'Conflict',
    status: 409,
    detail: `The service refused withdrawal ${refId} after its approval (request ${approvalId}), and that approval was spent by the send. To try again, submit it with a new ref_id: it is held for a new approval as this one was.`,
    ref_id: refId,
    approval_id: approvalId,
  } as const;
}
