import type { ReactNode, RefObject } from 'react';
import type { ApprovalPolicy } from '#contract/approvals';
import type { FeatureState } from '#contract/companion-features';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { Button } from '#web/components/ui/button';
import { LookAlikeWarning } from '#web/shared/destinations/look-alike-warning';
import {
  WithdrawalReview,
  quotedFeeIdProp,
  type DestinationFacts,
} from '#web/shared/withdrawal-review/withdrawal-review';
import type { ReviewFeeQuote } from '../lib/use-review-fee-quote';
import type { WithdrawalOutcome } from '../lib/withdrawal-outcome';
import type { ReviewForecast } from '../lib/use-withdrawal-flow';
import { useOperatorContext } from '../lib/use-operator-context';
import { ApprovalRequirementNote } from './approval-requirement-note';
import { HoldsNoneNotice } from './available-balance';
import { ForecastRefusalNotice } from './forecast-refusal-notice';
import { FeeQuotePanel } from './fee-quote-panel';
import { MemoWarning } from './memo-warning';
import { ReviewContext } from './review-context';

interface WithdrawalReviewStepProps {
  body: CreateCryptoWithdrawalRequest;
  refId: string;
  /** The last submit's outcome, if any (shown above, in `notices`). */
  outcome: WithdrawalOutcome | undefined;
  /** A submit left this tab and its answer is not known yet. */
  inFlight: boolean;
  /** A resumed draft the ledger holds (submitted before, e.g. refused before a detour). */
  submittedBefore?: boolean;
  destination: DestinationFacts | undefined;
  fee: ReviewFeeQuote;
  /** What the BFF's gate would decide: a refusal offers no Submit (issue 42 items 2, A, C). */
  forecast: ReviewForecast;
  /** Where the address editor comes back to (this draft). */
  returnTo: string;
  feeFeature: FeatureState;
  approvalPolicy: ApprovalPolicy | undefined;
  sending: boolean;
  /** Seconds a 429 asks to wait before submitting again. */
  retryWait: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSend: () => void;
  onBackToEdit: () => void;
  /** The resumed-draft notice and the last outcome, above the review. */
  notices: ReactNode;
}

/** Step 2: everything that will be sent, its fee, and which of submit or edit comes first. */
export function WithdrawalReviewStep({
  body,
  refId,
  outcome,
  inFlight,
  submittedBefore = false,
  destination,
  fee,
  forecast,
  returnTo,
  feeFeature,
  approvalPolicy,
  sending,
  retryWait,
  headingRef,
  onSend,
  onBackToEdit,
  notices,
}: WithdrawalReviewStepProps) {
  // An unknown outcome is settled from its notice ("Check again"), never by a new submit here.
  const unknown = outcome?.kind === 'unknown';
  // Not while a 429 asks to wait, nor with a quote being asked for or expired (a spent fee_id
  // would only be refused again).
  // The forecast is advice: a submit before it answers goes through the same gate anyway.
  const submitBlocked = retryWait > 0 || fee.blocks;
  // The gate would refuse it (the same way again after a refusal): no Submit, the way forward.
  const refusal = unknown ? undefined : forecast.refusal;
  // The profile holds none of the asset: the service would refuse it (issue 42 item 12).
  const holdsNone = useOperatorContext(body.profile_id, body.asset).holdsNone && !unknown;
  return (
    <div className="stack">
      <p className="step-indicator">Step 2 of 2: review and submit</p>
      {notices}
      {outcome === undefined && (
        <LookAlikeWarning address={body.destination_address} before="you submit" />
      )}
      {/* The form's memo warning, said again where the operator submits. */}
      <MemoWarning
        network={body.crypto_network}
        address={body.destination_address}
        memo={body.memo}
        hosting={destinationHosting(destination)}
        at="review"
      />
      <WithdrawalReview
        body={body}
        refId={refId}
        headingRef={headingRef}
        sent={(outcome !== undefined && outcome.kind !== 'not-sent') || inFlight || submittedBefore}
        destination={destination}
        {...quotedFeeIdProp(fee.wanted ? fee.state : undefined)}
      />
      <ReviewContext body={body} />
      {refusal && (
        <ForecastRefusalNotice
          refusal={refusal}
          destination={{
            cryptoNetwork: body.crypto_network,
            address: body.destination_address,
            ...(body.identity_id !== undefined ? { identityId: body.identity_id } : {}),
          }}
          returnTo={returnTo}
        />
      )}
      {outcome === undefined && !refusal && (
        <ApprovalRequirementNote
          policy={approvalPolicy}
          asset={body.asset}
          amount={body.amount}
          total={body.total}
          forecast={
            forecast.settled && !forecast.failed ? (forecast.requirement ?? null) : undefined
          }
        />
      )}
      {!unknown && !refusal && (
        <FeeQuotePanel
          feature={feeFeature}
          manualFeeId={body.fee_id}
          debitExactly={fee.debitExactly}
          state={fee.state}
        />
      )}
      {holdsNone && !refusal && <HoldsNoneNotice asset={body.asset} at="review" />}
      {!unknown && (
        <ReviewActions
          outcome={outcome}
          refused={refusal !== undefined || holdsNone}
          sending={sending}
          submitBlocked={submitBlocked}
          onSend={onSend}
          onBackToEdit={onBackToEdit}
        />
      )}
    </div>
  );
}

/** The destination's Travel Rule data (the book's entry, else the service's saved address). */
const destinationHosting = (destination: DestinationFacts | undefined) =>
  destination?.status === 'ready'
    ? (destination.entry?.upstream.travelrule_metadata ??
      destination.service?.address.travelrule_metadata)
    : undefined;

interface ReviewActionsProps {
  outcome: WithdrawalOutcome | undefined;
  /** The gate or the service would refuse it as it stands: only "Back to edit". */
  refused: boolean;
  sending: boolean;
  submitBlocked: boolean;
  onSend: () => void;
  onBackToEdit: () => void;
}

/** Submit and "Back to edit", the one that can help first. */
function ReviewActions({
  outcome,
  refused,
  sending,
  submitBlocked,
  onSend,
  onBackToEdit,
}: ReviewActionsProps) {
  // Submitting again is the main action only when another try can help: nothing answered yet,
  // the service was unavailable (5xx, 429), Travel Rule data was just added, or the review's fee
  // quote expired (the fee panel's "Get a new quote" comes first; submitting waits for it). A
  // refusal that needs an edit puts "Back to edit" first.
  const retryFirst =
    outcome === undefined ||
    outcome.kind === 'not-sent' ||
    outcome.kind === 'travel-rule-required' ||
    (outcome.kind === 'expired' && outcome.quoted === true) ||
    (outcome.kind === 'error' && (outcome.status >= 500 || outcome.status === 429));
  const backToEdit = (variant: 'primary' | 'secondary') => (
    <Button variant={variant} disabled={sending} onClick={onBackToEdit}>
      Back to edit
    </Button>
  );
  if (refused) return <div className="row">{backToEdit('primary')}</div>;
  return (
    <div className="row">
      {retryFirst ? (
        <>
          <Button variant="primary" onClick={onSend} busy={sending} disabled={submitBlocked}>
            {outcome && outcome.kind !== 'not-sent' ? 'Submit again' : 'Submit withdrawal'}
          </Button>
          {backToEdit('secondary')}
        </>
      ) : (
        <>
          {backToEdit('primary')}
          <Button onClick={onSend} busy={sending} disabled={submitBlocked}>
            Submit again
          </Button>
        </>
      )}
    </div>
  );
}
