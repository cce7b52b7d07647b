import { useQuery } from '@tanstack/react-query';
import { ListAddressesResponseSchema } from '../../../../../contract/ledger';
import { isSameAddress } from '../../../../../contract/networks';
import type { DestinationFacts } from '../../../components/ui/withdrawal-review';
import { apiGet } from '../../../lib/api-client';

/**
 * The destination's address-book entry for the approver's review (nickname, beneficiary, Travel
 * Rule status), read fresh: what the approver sees is the book as it is now.
 */
export function useDestinationFacts(
  destination: { network: string; address: string; identityId?: string } | undefined,
): DestinationFacts | undefined {
  const network = destination?.network ?? '';
  const book = useQuery({
    queryKey: ['address-book', 'approval-review', network] as const,
    queryFn: ({ signal }) =>
      apiGet(
        '/api/addresses',
        ListAddressesResponseSchema,
        { crypto_network: network, limit: 500 },
        signal,
      ),
    enabled: destination !== undefined,
  });
  if (!destination) return undefined;
  if (book.isPending) return { status: 'loading' };
  if (book.isError) return { status: 'unavailable' };
  const identity = destination.identityId?.trim() ?? '';
  return {
    status: 'ready',
    entry: book.data.addresses.find(
      (entry) =>
        entry.crypto_network === network &&
        isSameAddress(network, entry.address, destination.address) &&
        (identity === '' || (entry.identity_id ?? '') === identity),
    ),
  };
}
