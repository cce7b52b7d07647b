import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useState } from 'react';
import { holdsAddressChanges, type ApprovalPolicy } from '#contract/approval-policy';
import { durationWords } from '#contract/approval-policy-words';
import { Button } from '#web/components/ui/button';
import { useMe } from '#web/lib/session';
import { addressKeys } from '../api/address-api';
import { archiveAddress } from '../api/address-files-api';

/** What undoing an archive takes under this policy, said before the operator archives. */
function undoArchiveWords(policy: ApprovalPolicy): string {
  if (!holdsAddressChanges(policy)) return 'You can bring it back later at once.';
  const { approvals, cooling_off_minutes: minutes } = policy.addresses;
  const cooling = minutes > 0 ? `, then ${durationWords(minutes)} of cooling-off` : '';
  return `Bringing it back later needs ${approvals} address approver${approvals === 1 ? "'s" : "s'"} approval${cooling} before it can receive withdrawals.`;
}

/**
 * Archives a book entry (after a confirmation saying what undoing it takes) (out of use: hidden from the pickers and the list, withdrawals to
 * it refused; the service keeps its record, as the console cannot delete there) or brings an
 * archived one back, which waits for an address approver when the policy holds address changes
 * (then a link to that request). Both are in the audit trail.
 */
export function ArchiveButton({
  entryKey,
  archived,
  name,
}: {
  entryKey: string;
  archived: boolean;
  name: string;
}) {
  const queryClient = useQueryClient();
  const policy = useMe().approval_policy;
  const [asking, setAsking] = useState(false);
  const mutation = useMutation({
    mutationFn: () => archiveAddress(entryKey, !archived),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
  const held = mutation.data && 'approval' in mutation.data ? mutation.data.approval : undefined;
  if (held)
    return (
      <Link
        to={`/approvals/${encodeURIComponent(held.id)}`}
        title="Bringing it back waits for an address approver"
      >
        Awaiting approval
      </Link>
    );
  // Archiving is one click to do but an approval and a cooling-off to undo: it asks first.
  if (asking && !archived && !mutation.isError)
    return (
      <span className="archive-confirm" role="group" aria-label={`Archive ${name}?`}>
        <span>
          Archive {name}? {undoArchiveWords(policy)}
        </span>
        <span className="row">
          <Button
            variant="danger"
            size="small"
            busy={mutation.isPending}
            onClick={() => mutation.mutate()}
          >
            Archive it
          </Button>
          <Button
            variant="ghost"
            size="small"
            disabled={mutation.isPending}
            onClick={() => setAsking(false)}
          >
            Keep it
          </Button>
        </span>
      </span>
    );
  return (
    <Button
      variant="ghost"
      size="small"
      busy={mutation.isPending}
      aria-label={`${archived ? 'Bring back' : 'Archive'} ${name}`}
      title={
        mutation.isError
          ? 'Not done: try again'
          : archived
            ? 'List it again, offer it in the pickers and let it receive withdrawals (may wait for an address approver)'
            : 'Take it out of use: hidden from the list and the pickers, withdrawals to it refused (the service keeps its record)'
      }
      onClick={() => (archived || mutation.isError ? mutation.mutate() : setAsking(true))}
    >
      {mutation.isError ? 'Try again' : archived ? 'Bring back' : 'Archive'}
    </Button>
  );
}
