import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { coolingOffWords } from '#web/lib/cooling-off-words';
import { addressEditorUrl } from '../lib/withdrawal-links';
import {
  ArchivedDestinationNotice,
  type DestinationNoticeProps,
} from './archived-destination-notice';
import { RefusalNotice, RefusalReason, type OutcomeNoticeProps } from './refusal-notice';

type ComplianceRefusalNoticeProps = OutcomeNoticeProps<
  'travel-rule-required' | 'identity-verification' | 'destination-not-approved' | 'rejected'
>;

/**
 * Refusals about who and where (Travel Rule data, identity, a destination not approved yet, the
 * service's risk checks): nothing was sent; what clears it, and whether the same ref_id may go.
 */
export function ComplianceRefusalNotice({ outcome, actions }: ComplianceRefusalNoticeProps) {
  switch (outcome.kind) {
    case 'travel-rule-required':
      return (
        <RefusalNotice tone="warning" title="Travel Rule information required" actions={actions}>
          <RefusalReason
            detail={outcome.detail}
            fallback="The destination address has no Travel Rule data (who the beneficiary is)"
          >
            Nothing was sent. Save the beneficiary on the destination address; you come back here to
            the same withdrawal, with the same ref_id, and submit it again.
          </RefusalReason>
        </RefusalNotice>
      );
    case 'rejected':
      return (
        <RefusalNotice tone="danger" title="Rejected" actions={actions}>
          <p>
            {outcome.detail ?? 'The upstream refused this withdrawal (risk, compliance or limits).'}
          </p>
          <p>Nothing was sent.</p>
        </RefusalNotice>
      );
    case 'identity-verification':
      return (
        <RefusalNotice tone="warning" title="Identity verification required" actions={actions}>
          <RefusalReason
            detail={outcome.detail}
            fallback="The identity behind this withdrawal has not finished verification"
          >
            {outcome.identityId && (
              <>
                Identity <code>{outcome.identityId}</code>
                {outcome.currentStatus ? ` is ${outcome.currentStatus}` : ''}.{' '}
              </>
            )}
            Nothing was sent. Once the identity is verified, submit this same withdrawal again (same
            ref_id).
          </RefusalReason>
        </RefusalNotice>
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
function DestinationRefusedNotice({ outcome, actions }: DestinationNoticeProps) {
  const location = useLocation();
  const save = outcome.saveAddress;
  if (outcome.refusal === 'archived')
    return <ArchivedDestinationNotice outcome={outcome} actions={actions} />;
  if (outcome.refusal === 'rejected')
    return (
      <RefusalNotice tone="danger" title="Destination rejected" actions={actions}>
        <RefusalReason
          detail={outcome.detail}
          fallback="An address approver rejected saving this destination"
        >
          Nothing was sent.
        </RefusalReason>
        <ApprovalRequestLink approvalId={outcome.approvalId}>
          Open the rejected request
        </ApprovalRequestLink>
      </RefusalNotice>
    );
  return (
    <RefusalNotice tone="warning" title="Not an approved destination" actions={actions}>
      <RefusalReason
        detail={outcome.detail}
        fallback="Withdrawals go only to approved destinations, and this is not one"
      >
        Nothing was sent.
      </RefusalReason>
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
    </RefusalNotice>
  );
}

function DestinationNotApprovedNotice({ outcome, actions }: DestinationNoticeProps) {
  // Cooling off after its approval: the time once, in words (the BFF's detail carries it raw).
  const cooling = outcome.receivableFrom ? coolingOffWords(outcome.receivableFrom) : undefined;
  return (
    <RefusalNotice tone="warning" title="Destination not approved yet" actions={actions}>
      {outcome.receivableFrom ? (
        <p>
          It was approved recently and is in its cooling-off period:{' '}
          {cooling ? `it ${cooling}.` : 'that has ended now.'} Nothing was sent.
        </p>
      ) : (
        <RefusalReason
          detail={outcome.detail}
          fallback="This destination address is waiting for approval and cannot receive withdrawals yet"
        >
          Nothing was sent.
        </RefusalReason>
      )}
      <ApprovalRequestLink approvalId={outcome.approvalId}>
        Open the address&rsquo;s approval request
      </ApprovalRequestLink>
      <p>
        Once it can receive, submit this same withdrawal again: it keeps its ref_id, so it is never
        sent twice.
      </p>
    </RefusalNotice>
  );
}

/** A paragraph with the link to the address's approval request, when the refusal names one. */
function ApprovalRequestLink({
  approvalId,
  children,
}: {
  approvalId: string | undefined;
  children: ReactNode;
}) {
  if (!approvalId) return null;
  return (
    <p>
      <Link to={`/approvals/${encodeURIComponent(approvalId)}`}>{children}</Link>
    </p>
  );
}
