import { Link } from 'react-router';
import { holdsAddressChanges } from '#contract/approvals';
import { useMe } from '#web/lib/session';
import { RefusalNotice, RefusalReason, type OutcomeNoticeProps } from './refusal-notice';

/** The notices of a destination the policy refused (not approved, rejected, archived). */
export type DestinationNoticeProps = OutcomeNoticeProps<'destination-not-approved'>;

/** The archived addresses' list, filtered to this destination (its "Bring back" is there). */
export function archivedAddressUrl(destination: { cryptoNetwork: string; address: string }) {
  const params = new URLSearchParams({
    archived: 'only',
    crypto_network: destination.cryptoNetwork,
    q: destination.address,
  });
  return `/addresses?${params.toString()}`;
}

/**
 * 409 Destination Archived (issue 42 item B): the address book took this destination out of use.
 * Not a ref_id conflict: the way forward is bringing the address back (held for an address
 * approver when the policy holds address changes), then this same withdrawal, same ref_id.
 */
export function ArchivedDestinationNotice({ outcome, actions }: DestinationNoticeProps) {
  const policy = useMe().approval_policy;
  const needsApproval = policy !== undefined && holdsAddressChanges(policy);
  const destination = outcome.saveAddress;
  return (
    <RefusalNotice tone="warning" title="Destination archived" actions={actions}>
      <RefusalReason
        detail={outcome.detail}
        fallback="This destination is archived in the address book: it is out of use"
      >
        Nothing was sent.
      </RefusalReason>
      {destination && (
        <p>
          <Link to={archivedAddressUrl(destination)}>
            {needsApproval ? 'Bring it back (needs approval)' : 'Bring it back'}
          </Link>{' '}
          (this withdrawal is kept;{' '}
          {needsApproval ? 'once an address approver approves it' : 'once it is back'}, submit it
          again with the same ref_id).
        </p>
      )}
    </RefusalNotice>
  );
}
