import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '#web/components/ui/button';
import { addressKeys } from '../api/address-api';
import { archiveAddress } from '../api/address-files-api';

/**
 * Archives a book entry (hidden from the pickers and the list; the service keeps its record, as
 * the console cannot delete there) or brings an archived one back. Both are in the audit trail.
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
            ? 'List it again and offer it in the pickers'
            : 'Hide it from the list and the pickers (the service keeps its record)'
      }
      onClick={() => mutation.mutate()}
    >
      {mutation.isError ? 'Try again' : archived ? 'Bring back' : 'Archive'}
    </Button>
  );
}
