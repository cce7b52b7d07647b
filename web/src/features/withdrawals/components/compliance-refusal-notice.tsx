import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { coolingOffWords } from '#web/lib/cooling-off-words';
import { Notice } from '#web/components/ui/notice';
import { outcomeSentence } from '../lib/outcome-sentence';
import { addressEditorUrl } from '../lib/withdrawal-links';
import type { WithdrawalOutcome } from '../lib/withdrawal-outcome';
import { ArchivedDestinationNotice } from './archived-destination-notice';
import { OutcomeActions } from './outcome-actions';

interface ComplianceRefusalNoticeProps {
  outcome: Extract<
    WithdrawalOutcome,
    {
      kind:
        'travel-rule-required' | 'identity-verification' | 'destination-not-approved' | 'rejected';
    }
  >;
  actions?: ReactNode;
}

/**
 * Refusals about who and where (Travel Rule data, identity, a destination not approved yet, the
 * service's risk checks): nothing was sent; what clears it, and whether the same ref_id may go.
 */
export function ComplianceRefusalNotice({ outcome, actions }: ComplianceRefusalNoticeProps) {
  switch (outcome.kind) {
    case 'travel-rule-required':
      return (
        <Notice tone="warning" role="alert" title="Travel Rule information required">
          <p>
            {outcomeSentence(
              outcome.detail ??
                'The destination address has no Travel Rule data (who the beneficiary is)',
            )}{' '}
            Nothing was sent. Save the beneficiary on the destination address; you come back here to
            the same withdrawal, with the same ref_id, and submit it again.
          </p>
          <OutcomeActions actions={actions} />
        </Notice>
      );
    case 'rejected':
      return (
        <Notice tone="danger" role="alert" title="Rejected">
          <p>
            {outcome.detail ?? 'The upstream refused this withdrawal (risk, compliance or limits).'}
          </p>
          <p>Nothing was sent.</p>
          <OutcomeActions actions={actions} />
        </Notice>
      );
    case 'identity-verification':
      return (
        <Notice tone="warning" role="alert" title="Identity verification required">
          <p>
            {outcomeSentence(
              outcome.detail ?? 'The identity behind this withdrawal has not finished verification',
            )}{' '}
            {outcome.identityId && (
              <>
                Identity <code>{outcome.identityId}</code>
                {outcome.currentStatus ? ` is ${outcome.currentStatus}` : ''}.{' '}
              </>
            )}
            Nothing was sent. Once the identity is verified, submit this same withdrawal again (same
            ref_id).
          </p>
          <OutcomeActions actions={actions} />
        </Notice>
      );
    case 'destination-not-approved':
      return outcome.refusal ? (
        <DestinationRefusedNotice outcome={outcome} actions={actions} />
      ) : (
        <DestinationNotApprovedNotice outcome={outcome} actions={actions} />
      );
  }
}

/**
 * The policy's allowlist refused a destination that is not approved (the console's choice: offer
 * saving it for approval, then this same withdrawal goes), or an address approver rejected it.
 */
function DestinationRefusedNotice({
  outcome,
  actions,
}: {
  outcome: Extract<WithdrawalOutcome, { kind: 'destination-not-approved' }>;
  actions: ReactNode;
}) {
  const location = useLocation();
  const save = outcome.saveAddress;
  if (outcome.refusal === 'archived')
    return <ArchivedDestinationNotice outcome={outcome} actions={actions} />;
  if (outcome.refusal === 'rejected')
    return (
      <Notice tone="danger" role="alert" title="Destination rejected">
        <p>
          {outcomeSentence(
            outcome.detail ?? 'An address approver rejected saving this destination',
          )}{' '}
          Nothing was sent.
        </p>
        {outcome.approvalId && (
          <p>
            <Link to={`/approvals/${encodeURIComponent(outcome.approvalId)}`}>
              Open the rejected request
            </Link>
          </p>
        )}
        <OutcomeActions actions={actions} />
      </Notice>
    );
  return (
    <Notice tone="warning" role="alert" title="Not an approved destination">
      <p>
        {outcomeSentence(
          outcome.detail ?? 'Withdrawals go only to approved destinations, and this is not one',
        )}{' '}
        Nothing was sent.
      </p>
      {save && (
        <p>
          <Link
            to={addressEditorUrl({
              cryptoNetwork: save.cryptoNetwork,
              address: save.address,
              returnTo: `${location.pathname}${location.search}`,
            })}
          >
            Save this address for approval
          </Link>{' '}
          (this withdrawal is kept; once the address is approved, submit it again with the same
          ref_id).
        </p>
      )}
      <OutcomeActions actions={actions} />
    </Notice>
  );
}

function DestinationNotApprovedNotice({
  outcome,
  actions,
}: {
  outcome: Extract<WithdrawalOutcome, { kind: 'destination-not-approved' }>;
  actions: ReactNode;
}) {
  // Cooling off after its approval: the time once, in words (the BFF's detail carries it raw).
  const cooling = outcome.receivableFrom ? coolingOffWords(outcome.receivableFrom) : undefined;
  return (
    <Notice tone="warning" role="alert" title="Destination not approved yet">
      {outcome.receivableFrom ? (
        <p>
          It was approved recently and is in its cooling-off period:{' '}
          {cooling ? `it ${cooling}.` : 'that has ended now.'} Nothing was sent.
        </p>
      ) : (
        <p>
          {outcomeSentence(
            outcome.detail ??
              'This destination address is waiting for approval and cannot receive withdrawals yet',
          )}{' '}
          Nothing was sent.
        </p>
      )}
      {outcome.approvalId && (
        <p>
          <Link to={`/approvals/${encodeURIComponent(outcome.approvalId)}`}>
            Open the address&rsquo;s approval request
          </Link>
        </p>
      )}
      <p>
        Once it can receive, submit this same withdrawal again: it keeps its ref_id, so it is never
        sent twice.
      </p>
      <OutcomeActions actions={actions} />
    </Notice>
  );
}
