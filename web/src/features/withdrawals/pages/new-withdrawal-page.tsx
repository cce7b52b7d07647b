import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '#web/components/ui/button';
import { Notice } from '#web/components/ui/notice';
import { PageHeader } from '#web/components/ui/page-header';
import { useHasRole, useMe } from '#web/lib/session';
import { useCountdown } from '#web/lib/use-countdown';
import { useSubmitWithdrawal } from '../api/use-submit-withdrawal';
import { addressBookQuery } from '../api/withdrawal-api';
import { WithdrawalForm } from '../components/withdrawal-form';
import { WithdrawalOutcomePanel } from '../components/withdrawal-outcome-panel';
import {
  WithdrawalReview,
  quotedFeeIdProp,
  type DestinationFacts,
} from '#web/shared/withdrawal-review/withdrawal-review';
import { FeeQuotePanel } from '../components/fee-quote-panel';
import { ApprovalRequirementNote } from '../components/approval-requirement-note';
import { HeldWithdrawalResult } from '../components/held-withdrawal-result';
import { quoteRequestOf } from '../api/fee-quote-api';
import {
  destinationFacts,
  useServiceAddress,
} from '#web/shared/destinations/service-address-facts';
import { useFeeQuote } from '../lib/use-fee-quote';
import {
  canonicalJson,
  clearDraft,
  draftAfterOutcome,
  initialDraft,
  loadDraft,
  openReview,
  saveDraft,
  type WithdrawalDraft,
} from '../lib/withdrawal-draft';
import { validateWithdrawalForm } from '../lib/withdrawal-form-validation';
import { EMPTY_WITHDRAWAL_FORM } from '../lib/withdrawal-form-values';
import { addressEditorUrl, prefillFromSearch } from '../lib/withdrawal-links';
import type { WithdrawalOutcome } from '../lib/withdrawal-outcome';
import { findSavedDestination } from '../lib/saved-destination';
import '../withdrawals.css';

/** Where the address editor comes back to: the draft in sessionStorage restores everything else. */
const RETURN_TO = '/withdrawals/new';

export function NewWithdrawalPage() {
  const canInitiate = useHasRole('withdrawal-initiator');
  return (
    <>
      <PageHeader
        title="New withdrawal"
        description="Send an asset from a profile to a blockchain address. Review comes before anything is sent."
        actions={
          <Link to="/withdrawals" className={buttonClassName('ghost')}>
            All withdrawals
          </Link>
        }
      />
      {canInitiate ? (
        <NewWithdrawalFlow />
      ) : (
        <Notice tone="info" title="Your roles do not allow withdrawals">
          Starting a withdrawal needs the Withdrawal initiator role. You can still read the
          withdrawals ledger.
        </Notice>
      )}
    </>
  );
}

/** A draft with something in it: reopening it is a resumed withdrawal, and the page says so. */
const hasContent = (draft: WithdrawalDraft) =>
  draft.step === 'review' || canonicalJson(draft.values) !== canonicalJson(EMPTY_WITHDRAWAL_FORM);

function NewWithdrawalFlow() {
  const me = useMe();
  const allowTestnet = me.environment.allow_testnet;
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [arrival] = useState(() => {
    const stored = loadDraft(sessionStorage);
    const draft = initialDraft(stored, prefillFromSearch(search));
    return { draft, resumed: stored !== undefined && draft === stored && hasContent(stored) };
  });
  const [draft, setDraftState] = useState(arrival.draft);
  const draftRef = useRef(draft);
  // An abandoned draft reopened from this tab: said, with a way to discard it (not while an
  // outcome is unknown: that intent must be checked first).
  const [resumed, setResumed] = useState(arrival.resumed);
  const [outcome, setOutcome] = useState<WithdrawalOutcome | undefined>(() =>
    draft.inFlight
      ? {
          kind: 'unknown',
          detail: 'the page was closed or reloaded before the answer arrived',
          refId: draft.refId,
          reach: 'sent',
        }
      : undefined,
  );
  const { submit, sending } = useSubmitWithdrawal();
  const retryWait = useCountdown(outcome?.kind === 'error' ? outcome.retryAfter : undefined);
  const [formKey, setFormKey] = useState(0);
  const [focusTarget, setFocusTarget] = useState<'outcome' | 'review' | 'edit' | undefined>();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const reviewHeadingRef = useRef<HTMLHeadingElement>(null);
  const editHeadingRef = useRef<HTMLHeadingElement>(null);

  const setDraft = useCallback((next: WithdrawalDraft) => {
    draftRef.current = next;
    saveDraft(sessionStorage, next);
    setDraftState(next);
  }, []);

  useEffect(() => {
    saveDraft(sessionStorage, draftRef.current);
    // The prefill is now in the draft; the URL goes back to plain, so return_to stays stable.
    if (search.size > 0) setSearch({}, { replace: true });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (focusTarget === 'outcome') outcomeRef.current?.focus();
    else if (focusTarget === 'review') reviewHeadingRef.current?.focus();
    else if (focusTarget === 'edit') editHeadingRef.current?.focus();
  }, [focusTarget, draft.step, outcome]);

  const review =
    draft.step === 'review' ? validateWithdrawalForm(draft.values, { allowTestnet }) : undefined;
  const reviewBody = review?.ok ? review.body : undefined;
  const destination = useDestinationFacts(reviewBody);
  const step = reviewBody && draft.refId ? 'review' : 'edit';
  // A guaranteed fee while reviewing (when the client is granted quotes and no fee id was typed).
  const feeFeature = me.features.fee_quotes;
  const wantsQuote =
    step === 'review' && reviewBody && feeFeature.enabled && reviewBody.fee_id === undefined;
  const feeQuote = useFeeQuote(wantsQuote && reviewBody ? quoteRequestOf(reviewBody) : undefined);
  const quotedFeeId = wantsQuote && feeQuote.quote ? feeQuote.quote.id : undefined;
  // A quote being asked for or expired must be settled first (the panel offers a new one).
  const quoteBlocks =
    Boolean(wantsQuote) && (feeQuote.expired || (!feeQuote.quote && feeQuote.loading));

  const send = async () => {
    const current = draftRef.current;
    if (sending || !reviewBody || !current.refId) return;
    const refId = current.refId;
    // Marked before the request leaves: a reload from here on knows the outcome is unknown.
    const sent: WithdrawalDraft = { ...current, inFlight: true };
    // The quote rides along as fee_id; a new quote keeps the same ref_id (the BFF ties the
    // ref_id to the withdrawal, not to the quote).
    const pending = submit({
      ...reviewBody,
      ...(quotedFeeId ? { fee_id: quotedFeeId } : {}),
      ref_id: refId,
    });
    setDraft(sent);
    setResumed(false);
    const answer = await pending;
    // A second click while one is out, or the session ended (the session-ended screen shows).
    if (answer === undefined) return;
    // This tab sent this ref_id before without learning the answer: a replay now is that try.
    const result: WithdrawalOutcome =
      answer.kind === 'created' && answer.replayed && current.inFlight === true
        ? { ...answer, recovered: true }
        : answer;
    setOutcome(result);
    // The quote sent is spent: the panel says so and submitting waits for a new one.
    if (result.kind === 'expired' && quotedFeeId) feeQuote.expire(quotedFeeId);
    setFocusTarget(undefined);
    const next = draftAfterOutcome(sent, result);
    if (next === undefined) {
      // The outcome is known: this intent is over; a reload starts a fresh form.
      clearDraft(sessionStorage);
      draftRef.current = { values: EMPTY_WITHDRAWAL_FORM, step: 'edit' };
      setDraftState(draftRef.current);
    } else {
      setDraft(next);
    }
    // Back on the form (refusals, field errors): it shows the draft's values and the errors.
    if (next === undefined || next.step === 'edit') setFormKey((k) => k + 1);
    setFocusTarget('outcome');
  };

  const startOver = () => {
    setResumed(false);
    clearDraft(sessionStorage);
    draftRef.current = { values: EMPTY_WITHDRAWAL_FORM, step: 'edit' };
    setDraftState(draftRef.current);
    setOutcome(undefined);
    setFormKey((k) => k + 1);
    setFocusTarget('edit');
  };

  if (outcome?.kind === 'awaiting-approval') {
    return (
      <div ref={outcomeRef} tabIndex={-1} className="outcome-focus">
        <HeldWithdrawalResult
          approval={outcome.approval}
          actions={
            <>
              <Button variant="primary" onClick={startOver}>
                Start another withdrawal
              </Button>
              <Link
                className={buttonClassName('secondary')}
                to={`/withdrawals/${encodeURIComponent(outcome.approval.target)}`}
              >
                Open in the ledger
              </Link>
            </>
          }
        />
      </div>
    );
  }

  if (outcome?.kind === 'created') {
    return (
      <div ref={outcomeRef} tabIndex={-1} className="outcome-focus">
        <WithdrawalOutcomePanel
          outcome={outcome}
          actions={
            <>
              <Button variant="primary" onClick={startOver}>
                Start another withdrawal
              </Button>
              {outcome.transfer.ref_id && (
                <Link
                  className={buttonClassName('secondary')}
                  to={`/withdrawals/${encodeURIComponent(outcome.transfer.ref_id)}`}
                >
                  Open in the ledger
                </Link>
              )}
            </>
          }
        />
      </div>
    );
  }

  // An expired quote has no action here: the fee panel below shows it expired and renews it.
  const outcomePanel = outcome && (
    <div ref={outcomeRef} tabIndex={-1} className="outcome-focus">
      <WithdrawalOutcomePanel
        outcome={outcome}
        refId={draft.refId}
        actions={
          outcome.kind === 'unknown' ? (
            <>
              <Button variant="primary" onClick={send} busy={sending}>
                Check again
              </Button>
              {draft.refId && (
                <Link
                  className={buttonClassName('secondary')}
                  to={`/withdrawals/${encodeURIComponent(draft.refId)}`}
                >
                  Look it up in the ledger
                </Link>
              )}
            </>
          ) : outcome.kind === 'travel-rule-required' && reviewBody ? (
            <Button
              variant="primary"
              onClick={() =>
                navigate(
                  addressEditorUrl({
                    cryptoNetwork: reviewBody.crypto_network,
                    address: reviewBody.destination_address,
                    identityId: reviewBody.identity_id,
                    returnTo: RETURN_TO,
                  }),
                )
              }
            >
              Add Travel Rule data to this address
            </Button>
          ) : undefined
        }
      />
    </div>
  );

  const resumedNotice = resumed && !draft.inFlight && (
    <Notice tone="info" title="Resumed draft">
      <p>
        This withdrawal was started earlier in this tab and never submitted. Check every field
        before you submit it, or discard it and start again.
      </p>
      <div className="row">
        <Button onClick={startOver}>Discard draft</Button>
      </div>
    </Notice>
  );

  if (step === 'review' && reviewBody && draft.refId) {
    const unknown = outcome?.kind === 'unknown';
    // Submitting again is the main action only when another try can help: nothing answered yet,
    // the service was unavailable (5xx, 429) or Travel Rule data was just added. A refusal that
    // needs an edit puts "Back to edit" first.
    const retryFirst =
      outcome === undefined ||
      outcome.kind === 'travel-rule-required' ||
      (outcome.kind === 'error' && (outcome.status >= 500 || outcome.status === 429));
    // Not while a 429 asks to wait, nor with a quote being asked for or expired (a spent fee_id
    // would only be refused again).
    const submitBlocked = retryWait > 0 || quoteBlocks;
    const backToEdit = (variant: 'primary' | 'secondary') => (
      <Button
        variant={variant}
        disabled={sending}
        onClick={() => {
          setOutcome(undefined);
          setDraft({ ...draftRef.current, step: 'edit' });
          setFocusTarget('edit');
        }}
      >
        Back to edit
      </Button>
    );
    return (
      <div className="stack">
        <p className="step-indicator">Step 2 of 2: review and submit</p>
        {resumedNotice}
        {outcomePanel}
        <WithdrawalReview
          body={reviewBody}
          refId={draft.refId}
          headingRef={reviewHeadingRef}
          sent={outcome !== undefined || draft.inFlight}
          destination={destination}
          {...quotedFeeIdProp(wantsQuote ? feeQuote : undefined)}
        />
        {outcome === undefined && (
          <ApprovalRequirementNote
            policy={me.approval_policy}
            asset={reviewBody.asset}
            amount={reviewBody.amount}
            total={reviewBody.total}
          />
        )}
        {!unknown && (
          <FeeQuotePanel feature={feeFeature} manualFeeId={reviewBody.fee_id} state={feeQuote} />
        )}
        {!unknown && (
          <div className="row">
            {retryFirst ? (
              <>
                <Button variant="primary" onClick={send} busy={sending} disabled={submitBlocked}>
                  {outcome ? 'Submit again' : 'Submit withdrawal'}
                </Button>
                {backToEdit('secondary')}
              </>
            ) : (
              <>
                {backToEdit('primary')}
                <Button onClick={send} busy={sending} disabled={submitBlocked}>
                  Submit again
                </Button>
              </>
            )}
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="stack">
      <h2 ref={editHeadingRef} tabIndex={-1} className="step-indicator">
        Step 1 of 2: details
      </h2>
      {resumedNotice}
      {outcomePanel}
      <WithdrawalForm
        key={formKey}
        initialValues={draft.values}
        allowTestnet={allowTestnet}
        serverErrors={
          outcome?.kind === 'invalid' || outcome?.kind === 'not-found'
            ? outcome.fieldErrors
            : undefined
        }
        returnTo={RETURN_TO}
        approvalPolicy={me.approval_policy}
        onValuesChange={(values) => {
          draftRef.current = { ...draftRef.current, values };
          saveDraft(sessionStorage, draftRef.current);
        }}
        onReview={(values) => {
          const result = validateWithdrawalForm(values, { allowTestnet });
          if (!result.ok) return;
          // The ref_id is made (or kept, for the same request) as the review opens.
          setOutcome(undefined);
          setDraft(openReview({ ...draftRef.current, values }, result.body));
          setFocusTarget('review');
        }}
      />
    </div>
  );
}

/** The destination's address-book entry for the review: nickname, beneficiary, Travel Rule. */
function useDestinationFacts(
  body: CreateCryptoWithdrawalRequest | undefined,
): DestinationFacts | undefined {
  const book = useQuery({ ...addressBookQuery(undefined), enabled: body !== undefined });
  const entry =
    body && book.data
      ? findSavedDestination(
          book.data.addresses,
          body.crypto_network,
          body.destination_address,
          body.identity_id,
        )
      : undefined;
  // Not in this console's book: the service may hold it (saved elsewhere), with its data.
  const service = useServiceAddress(
    body && {
      network: body.crypto_network,
      address: body.destination_address,
      identityId: body.identity_id,
    },
    book.isSuccess && entry === undefined,
  );
  if (!body) return undefined;
  if (book.isPending) return { status: 'loading' };
  if (book.isError) return { status: 'unavailable' };
  return destinationFacts(entry, service);
}
