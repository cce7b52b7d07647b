import { PageHeader } from '#web/components/ui/page-header';
import { useMe } from '#web/lib/session';
import { RoleGate } from '#web/shared/roles/role-gate';
import { ResumedDraftNotice } from '../components/resumed-draft-notice';
import { SettledWithdrawalResult, isSettled } from '../components/withdrawal-result';
import { SubmitOutcomeNotice } from '../components/submit-outcome-notice';
import { WithdrawalForm } from '../components/withdrawal-form';
import { WithdrawalReviewStep } from '../components/withdrawal-review-step';
import { submittedBefore, useDraftHistory } from '../components/resumed-draft-notice';
import { useReviewDestination } from '../lib/use-destination-check';
import { useWithdrawalFlow } from '../lib/use-withdrawal-flow';
import '../withdrawals.css';
import { PAGE_INTROS } from '#web/shared/page-intros';

/** Where the address editor comes back to: the draft in sessionStorage restores everything else. */
const RETURN_TO = '/withdrawals/new';

export function NewWithdrawalPage() {
  return (
    <>
      <PageHeader
        title={PAGE_INTROS.newWithdrawal.title}
        description={PAGE_INTROS.newWithdrawal.description}
        back={{ to: '/withdrawals', label: 'All withdrawals' }}
      />
      <RoleGate
        roles={['withdrawal-initiator']}
        action="Starting a withdrawal"
        instead="You can still read the withdrawals ledger."
      >
        <NewWithdrawalFlow />
      </RoleGate>
    </>
  );
}

/** The steps on screen: the settled result, or the review, or the form (see useWithdrawalFlow). */
function NewWithdrawalFlow() {
  const me = useMe();
  const flow = useWithdrawalFlow();
  const { draft, outcome, reviewBody, focus } = flow;
  const destination = useReviewDestination(reviewBody);
  // What became of a resumed draft's ref_id (the ledger knows): said, and never "not sent yet".
  const history = useDraftHistory(draft.refId, flow.resumed);

  if (isSettled(outcome))
    return (
      <SettledWithdrawalResult
        outcome={outcome}
        focusRef={focus.outcomeRef}
        onStartOver={flow.startOver}
      />
    );

  // Not while an outcome is unknown: that intent must be checked first.
  const notices = (
    <>
      {flow.resumed && !draft.inFlight && !outcome && (
        <ResumedDraftNotice
          refId={draft.refId}
          history={history}
          gateRefused={draft.gateRefused}
          onDiscard={flow.startOver}
        />
      )}
      {outcome && (
        <SubmitOutcomeNotice
          outcome={outcome}
          refId={draft.refId}
          reviewBody={reviewBody}
          sending={flow.sending}
          onCheckAgain={() => void flow.send()}
          returnTo={RETURN_TO}
          focusRef={focus.outcomeRef}
        />
      )}
    </>
  );

  if (flow.step === 'review' && reviewBody && draft.refId)
    return (
      <WithdrawalReviewStep
        body={reviewBody}
        refId={draft.refId}
        outcome={outcome}
        inFlight={draft.inFlight === true}
        submittedBefore={flow.resumed && submittedBefore(history)}
        destination={destination}
        fee={flow.fee}
        forecast={flow.forecast}
        returnTo={RETURN_TO}
        feeFeature={me.features.fee_quotes}
        approvalPolicy={me.approval_policy}
        sending={flow.sending}
        retryWait={flow.retryWait}
        headingRef={focus.reviewHeadingRef}
        onSend={() => void flow.send()}
        onBackToEdit={flow.backToEdit}
        notices={notices}
      />
    );

  return (
    <div className="stack">
      <h2 ref={focus.editHeadingRef} tabIndex={-1} className="step-indicator">
        Step 1 of 2: details
      </h2>
      {notices}
      <WithdrawalForm
        key={flow.formKey}
        initialValues={draft.values}
        allowTestnet={me.environment.allow_testnet}
        serverErrors={
          outcome?.kind === 'invalid' || outcome?.kind === 'not-found'
            ? outcome.fieldErrors
            : undefined
        }
        returnTo={RETURN_TO}
        approvalPolicy={me.approval_policy}
        onValuesChange={flow.keepValues}
        onReview={flow.openReview}
      />
    </div>
  );
}
