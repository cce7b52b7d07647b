import { useState } from 'react';
import type { Problem } from '#contract/problem';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { useMe } from '#web/lib/session';
import { useCountdown } from '#web/lib/use-countdown';
import { useWithdrawalForecast } from '../api/forecast-api';
import { useSubmitWithdrawal } from '../api/withdrawal-api';
import { useReviewFeeQuote, type ReviewFeeQuote } from './use-review-fee-quote';
import { useStepFocus, type StepFocus } from './use-step-focus';
import { useStoredDraft, type StoredDraft } from './use-stored-draft';
import {
  draftAfterOutcome,
  openReview,
  withoutNotSent,
  type WithdrawalDraft,
} from './withdrawal-draft';
import { validateWithdrawalForm } from './withdrawal-form-model';
import type { WithdrawalFormValues } from './withdrawal-form-model';
import type { WithdrawalOutcome } from './withdrawal-outcome';

/** The review's forecast: `settled` once answered (or unanswerable: the submit then decides). */
export interface ReviewForecast {
  settled: boolean;
  /** Not answered (the static rule is said instead; the submit decides). */
  failed: boolean;
  refusal?: Problem | undefined;
  requirement?: { approvals: number; reason: string } | undefined;
}

interface WithdrawalFlow extends Pick<StoredDraft, 'draft' | 'resumed' | 'keepValues'> {
  /** Review (step 2) once the form gave a valid body and the ref_id is made; edit otherwise. */
  step: 'edit' | 'review';
  /** The body under review (undefined while editing). */
  reviewBody: CreateCryptoWithdrawalRequest | undefined;
  outcome: WithdrawalOutcome | undefined;
  sending: boolean;
  /** Seconds a 429 asks to wait before submitting again. */
  retryWait: number;
  fee: ReviewFeeQuote;
  /** What the BFF's gate would decide (issue 42 C, 2, A): refused, or held and why. */
  forecast: ReviewForecast;
  focus: StepFocus;
  /** Changes when the form must show the draft again (its values and the server's errors). */
  formKey: number;
  openReview: (values: WithdrawalFormValues, body: CreateCryptoWithdrawalRequest) => void;
  send: () => Promise<void>;
  backToEdit: () => void;
  startOver: () => void;
}

/**
 * The outcome a reopened draft starts with: a submit that was out when the page closed must be
 * checked first; one the console's server refused when the session ended (signed in again since)
 * was never sent. A check again refused so leaves the earlier submit's outcome unknown.
 */
const reloadedOutcome = (draft: WithdrawalDraft): WithdrawalOutcome | undefined =>
  draft.inFlight
    ? {
        kind: 'unknown',
        detail:
          draft.notSent === 'session-ended'
            ? 'your session then ended, so the check again after it was not sent (the console’s server refused it before anything went to the withdrawal service)'
            : 'the page was closed or reloaded before the answer arrived',
        refId: draft.refId,
        reach: 'sent',
      }
    : draft.notSent === 'session-ended'
      ? { kind: 'not-sent', reason: 'session-ended' }
      : undefined;

/**
 * The new withdrawal's steps: edit, review (with its ref_id), submit, and the outcome that says
 * where the intent goes next (over, back to edit, or the same ref_id again). The body is checked
 * once per review: by the form's resolver, or on arrival for a draft reopened at the review.
 */
export function useWithdrawalFlow(): WithdrawalFlow {
  const me = useMe();
  const allowTestnet = me.environment.allow_testnet;
  const stored = useStoredDraft();
  const { draft, draftRef, setDraft } = stored;
  const [body, setBody] = useState(() => {
    if (draft.step !== 'review') return undefined;
    const review = validateWithdrawalForm(draft.values, { allowTestnet });
    return review.ok ? review.body : undefined;
  });
  const [outcome, setOutcome] = useState(() => reloadedOutcome(draft));
  const { submit, sending } = useSubmitWithdrawal();
  const retryWait = useCountdown(outcome?.kind === 'error' ? outcome.retryAfter : undefined);
  const [formKey, setFormKey] = useState(0);
  const reviewBody = draft.step === 'review' ? body : undefined;
  const step = reviewBody && draft.refId ? 'review' : 'edit';
  // The gate's forecast first: a withdrawal it would refuse asks no fee quote and offers no Submit.
  const asked = useWithdrawalForecast(
    step === 'review' && reviewBody && draft.refId
      ? { ...reviewBody, ref_id: draft.refId }
      : undefined,
  );
  const forecast: ReviewForecast = {
    settled: !asked.isPending,
    failed: asked.isError,
    refusal: asked.data?.refusal,
    requirement: asked.data?.requirement,
  };
  const fee = useReviewFeeQuote(
    step === 'review' && !forecast.refusal ? reviewBody : undefined,
    me.features.fee_quotes,
    forecast.settled,
  );
  const focus = useStepFocus(draft.step, outcome);

  const send = async () => {
    const current = draftRef.current;
    if (sending || !reviewBody || !current.refId) return;
    // Marked before the request leaves: a reload from here on knows the outcome is unknown.
    const sent: WithdrawalDraft = { ...withoutNotSent(current), inFlight: true };
    // The quote rides along as fee_id; a new quote keeps the same ref_id (the BFF ties the
    // ref_id to the withdrawal, not to the quote).
    const { quotedFeeId } = fee;
    const pending = submit({
      ...reviewBody,
      ...(quotedFeeId ? { fee_id: quotedFeeId } : {}),
      ref_id: current.refId,
    });
    setDraft(sent);
    stored.endResumed();
    const answer = await pending;
    // A second click while one is out.
    if (answer === undefined) return;
    if (answer.kind === 'not-sent') {
      // The BFF refused it before anything went upstream (the session-ended screen shows): the
      // draft is as before this try, and says "not sent" once the operator signs in again.
      setDraft({ ...withoutNotSent(current), notSent: answer.reason });
      setOutcome(answer);
      return;
    }
    // This tab sent this ref_id before without learning the answer: a replay now is that try.
    const result: WithdrawalOutcome =
      answer.kind === 'created' && answer.replayed && current.inFlight === true
        ? { ...answer, recovered: true }
        : // The fee id the service found expired was the review's quote: a new quote fixes it.
          answer.kind === 'expired' && quotedFeeId
          ? { ...answer, quoted: true }
          : answer;
    setOutcome(result);
    // The quote sent is spent: the panel says so and submitting waits for a new one.
    if (result.kind === 'expired' && quotedFeeId) fee.state.expire(quotedFeeId);
    focus.focus(undefined);
    // Undefined: the outcome is known, this intent is over; a reload starts a fresh form.
    const next = draftAfterOutcome(sent, result);
    if (next === undefined) stored.forget();
    else setDraft(next);
    // Back on the form (refusals, field errors): it shows the draft's values and the errors.
    if (next === undefined || next.step === 'edit') setFormKey((k) => k + 1);
    focus.focus('outcome');
  };

  return {
    draft,
    resumed: stored.resumed,
    keepValues: stored.keepValues,
    step,
    reviewBody,
    outcome,
    sending,
    retryWait,
    fee,
    forecast,
    focus,
    formKey,
    send,
    // The ref_id is made (or kept, for the same request) as the review opens.
    openReview: (values, reviewed) => {
      setBody(reviewed);
      setOutcome(undefined);
      setDraft(openReview({ ...withoutNotSent(draftRef.current), values }, reviewed));
      focus.focus('review');
    },
    backToEdit: () => {
      setOutcome(undefined);
      setDraft({ ...withoutNotSent(draftRef.current), step: 'edit' });
      focus.focus('edit');
    },
    startOver: () => {
      stored.endResumed();
      stored.forget();
      setOutcome(undefined);
      setFormKey((k) => k + 1);
      focus.focus('edit');
    },
  };
}
