import { z } from 'zod';
import { canonicalJson } from '#contract/canonical-json';
import {
  EMPTY_WITHDRAWAL_FORM,
  WithdrawalFormValuesSchema,
  type WithdrawalFormValues,
} from './withdrawal-form-model';
import { draftMatchesPrefill, type WithdrawalPrefill } from './withdrawal-links';
import type { WithdrawalOutcome } from './withdrawal-outcome';

/**
 * The withdrawal being prepared, kept in sessionStorage so a reload, a retry or a detour to the
 * address editor (Travel Rule) comes back to the same intent with the same ref_id. Session (not
 * local) storage: one tab, one intent; closing the tab forgets a draft that was never sent.
 */
export interface WithdrawalDraft {
  values: WithdrawalFormValues;
  step: 'edit' | 'review';
  /** The idempotency id of this intent, made when the review first opened. */
  refId?: string;
  /** The canonical body the ref_id was made for: a changed request gets a new ref_id. */
  refFor?: string;
  /** A submit was sent and its outcome is not known yet: the ref_id must not change. */
  inFlight?: boolean;
  /**
   * The last submit never left the console's server (its 401: the session ended): said again
   * once the operator has signed in again, instead of "outcome unknown".
   */
  notSent?: 'session-ended';
  /**
   * The console's gate refused the last submit (a destination not approved, rejected, archived,
   * awaiting approval), in words: the ledger has no record of it, so a resumed draft says it from
   * here, never "never submitted" (issue 42 item 1).
   */
  gateRefused?: string;
}

export const WITHDRAWAL_DRAFT_KEY = 'aoc.withdrawal-draft.v1';

// Storage is outside our control (older versions, manual edits): parse, never cast.
const DraftSchema = z.object({
  values: WithdrawalFormValuesSchema,
  step: z.enum(['edit', 'review']),
  refId: z.string().optional(),
  refFor: z.string().optional(),
  inFlight: z.boolean().optional(),
  notSent: z.literal('session-ended').optional(),
  gateRefused: z.string().max(200).optional(),
});

export function loadDraft(storage: Storage): WithdrawalDraft | undefined {
  let raw: string | null;
  try {
    raw = storage.getItem(WITHDRAWAL_DRAFT_KEY);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  try {
    const parsed = DraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function saveDraft(storage: Storage, draft: WithdrawalDraft): void {
  try {
    storage.setItem(WITHDRAWAL_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // A full or disabled storage only loses the reload safety net; the submit itself still works.
  }
}

export function clearDraft(storage: Storage): void {
  try {
    storage.removeItem(WITHDRAWAL_DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * Opening the review: the same request keeps its ref_id (a retry, a reload, a return from the
 * address editor); a different request is a different intent and gets a new one. A submit whose
 * outcome is still unknown pins the ref_id whatever happens, so the intent can be checked again.
 */
export function openReview(
  draft: WithdrawalDraft,
  body: Record<string, unknown>,
  makeId: () => string = () => crypto.randomUUID(),
): WithdrawalDraft {
  const refFor = canonicalJson(body);
  if (draft.refId && (draft.refFor === refFor || draft.inFlight)) {
    return { ...draft, step: 'review' };
  }
  return { ...draft, step: 'review', refId: makeId(), refFor, inFlight: false };
}

/** The draft without the "last submit was not sent" note (a new submit, review or edit). */
export function withoutNotSent(draft: WithdrawalDraft): WithdrawalDraft {
  const { notSent: _notSent, ...rest } = draft;
  return rest;
}

/** A refusal that ends the intent (funds, rejection, expiry...): the next try is a new intent. */
export function retireRefId(draft: WithdrawalDraft): WithdrawalDraft {
  return { ...draft, refId: undefined, refFor: undefined, inFlight: false };
}

/** Outcomes that end an intent: its ref_id is retired and the operator edits before a new try. */
const ENDS_INTENT: ReadonlySet<WithdrawalOutcome['kind']> = new Set([
  'insufficient-funds',
  'rejected',
  // Not 'expired': a new fee quote sends the same withdrawal again with the same ref_id.
  'conflict',
  'ref-id-reused',
]);

/**
 * The draft after a submit's answer, or undefined when the outcome is known and final (created):
 * the draft is then forgotten. Unknown keeps the ref_id pinned (in flight) for "Check again";
 * Travel Rule and other errors keep it for a retry of the same intent; field errors go back to
 * editing with it (an unchanged request keeps it, a changed one gets a new one); refusals that
 * end the intent retire it.
 */
export function draftAfterOutcome(
  sent: WithdrawalDraft,
  outcome: WithdrawalOutcome,
): WithdrawalDraft | undefined {
  // Created, or held for approval (its ref_id is fixed on the request): this tab's intent is over.
  if (outcome.kind === 'created' || outcome.kind === 'awaiting_approval') return undefined;
  if (outcome.kind === 'unknown') return { ...sent, inFlight: true };
  if (outcome.kind === 'invalid' || outcome.kind === 'not-found')
    return { ...sent, inFlight: false, step: 'edit' };
  if (ENDS_INTENT.has(outcome.kind)) return { ...retireRefId(sent), step: 'edit' };
  const { gateRefused: _earlier, ...rest } = sent;
  if (outcome.kind === 'destination-not-approved')
    return { ...rest, inFlight: false, gateRefused: gateRefusalWords(outcome) };
  return { ...rest, inFlight: false };
}

/** A gate refusal in a few words ("not an approved destination"). */
function gateRefusalWords(
  outcome: Extract<WithdrawalOutcome, { kind: 'destination-not-approved' }>,
): string {
  switch (outcome.refusal) {
    case 'not-allowlisted':
      return 'not an approved destination';
    case 'rejected':
      return 'the destination was rejected by an address approver';
    case 'archived':
      return 'the destination is archived';
    case undefined:
      return outcome.receivableFrom !== undefined
        ? 'the destination is in its cooling-off period'
        : 'the destination awaits approval';
  }
}

/**
 * The draft a visit starts from: the stored one, unless the URL asks for another destination
 * (`/withdrawals/new?crypto_network=&address=&identity_id=`). A withdrawal whose outcome is
 * unknown is never replaced: it must be settled first.
 */
export function initialDraft(
  stored: WithdrawalDraft | undefined,
  prefill: WithdrawalPrefill | undefined,
): WithdrawalDraft {
  if (!prefill) return stored ?? { values: EMPTY_WITHDRAWAL_FORM, step: 'edit' };
  if (stored?.inFlight) return stored;
  if (stored && draftMatchesPrefill(stored.values, prefill)) return stored;
  return { values: { ...EMPTY_WITHDRAWAL_FORM, ...prefill }, step: 'edit' };
}
