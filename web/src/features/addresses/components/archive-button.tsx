import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { addressKeys } from '../api/address-api';
import { archiveAddress } from '../api/address-files-api';

/**
 * Archives a book entry at once (out of use: hidden from the pickers and the list, withdrawals to
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
      onClick={() => mutation.mutate()}
    >
      {mutation.isError ? 'Try again' : archived ? 'Bring back' : 'Archive'}
    </Button>
  );
}
