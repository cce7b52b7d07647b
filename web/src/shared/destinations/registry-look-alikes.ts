import { skipToken, useQuery } from '@tanstack/react-query';
import { LookAlikesResponseSchema, type KnownDestination } from '#contract/destinations';
import { canonicalAddress } from '#contract/networks/canonical-address';
import { apiGet } from '#web/lib/api-client';

/** A known destination the typed address imitates, as the registry answered it. */
export interface RegistryLookAlike {
  key: string;
  crypto_network: string;
  address: string;
  nickname?: string;
  source: KnownDestination['source'];
  /** Held for approval: the request (a link for the operator). */
  approvalId?: string;
}

const registryKeys = {
  all: ['destinations'] as const,
  lookAlikes: (address: string) => [...registryKeys.all, 'look-alikes', address] as const,
};

const sameDestination = (
  a: { crypto_network: string; address: string },
  b: { crypto_network: string; address: string },
) =>
  a.crypto_network === b.crypto_network &&
  canonicalAddress(a.crypto_network, a.address) === canonicalAddress(b.crypto_network, b.address);

/**
 * The BFF's destination registry asked for the look-alikes of an address (GET
 * /api/destinations/look-alikes): every destination it knows, the service's own saved addresses
 * included, which the page cannot list itself. Asked only for a whole address (`enabled`); while
 * unanswered, or when the registry cannot be asked, there are no matches from it (the page's own
 * check of the book and the held addresses still runs).
 */
export function useRegistryLookAlikes(
  address: string,
  enabled: boolean,
): { matches: RegistryLookAlike[]; serviceUnread: boolean; pending: boolean } {
  const trimmed = address.trim();
  const query = useQuery({
    queryKey: registryKeys.lookAlikes(trimmed),
    queryFn:
      trimmed === ''
        ? skipToken
        : ({ signal }) =>
            apiGet(
              '/api/destinations/look-alikes',
              LookAlikesResponseSchema,
              { address: trimmed },
              signal,
            ),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
  const matches = (query.data?.look_alikes ?? []).map((entry): RegistryLookAlike => ({
    key: `registry:${entry.source}:${entry.crypto_network}:${entry.address}`,
    crypto_network: entry.crypto_network,
    address: entry.address,
    ...(entry.nickname ? { nickname: entry.nickname } : {}),
    source: entry.source,
    ...(entry.approval_id ? { approvalId: entry.approval_id } : {}),
  }));
  return {
    matches,
    serviceUnread: query.data?.unread.includes('service') ?? false,
    pending: query.isFetching,
  };
}

/**
 * The page's own matches (book, held) with the registry's added where they name another
 * destination: one warning per destination, the page's entry first.
 */
export function withRegistryLookAlikes<T extends { crypto_network: string; address: string }>(
  local: readonly T[],
  registry: readonly RegistryLookAlike[],
): Array<T | RegistryLookAlike> {
  return [...local, ...registry.filter((r) => !local.some((l) => sameDestination(l, r)))];
}

/** How a known destination is named in a warning when it has no nickname. */
export function unnamedDestination(entry: object): string {
  if ('source' in entry && entry.source === 'service') return 'an address saved at the service';
  return 'approvalId' in entry && entry.approvalId !== undefined
    ? 'an address held for approval'
    : 'a saved address';
}

/** The one sentence for a look-alike check that could not read the service's saved addresses. */
export const SERVICE_ADDRESSES_UNREAD =
  'The service’s saved addresses could not be read: the look-alike check did not cover them.';
