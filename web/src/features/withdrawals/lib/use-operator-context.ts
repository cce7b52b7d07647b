import { useQuery } from '@tanstack/react-query';
import type { ProfileBalance } from '#contract/profiles';
import { isEntityId, normaliseEntityId } from '#web/lib/entity-id';
import { useMe } from '#web/lib/session';
import { profileBalancesQuery, withdrawalLimitsQuery } from '../api/operator-context-api';

/** A profile's balance of one asset, with when it was read. */
export interface ReadBalance extends ProfileBalance {
  read_at: string;
}

/**
 * What the operator should know before sending: the chosen profile's balances (the one of
 * `asset`, with its read time) and the withdrawal limits. Each only with its feature on; both
 * read once and kept briefly (the same cache for the form and the review).
 */
export function useOperatorContext(profileId: string, asset: string) {
  const { features } = useMe();
  const id = isEntityId(profileId) ? normaliseEntityId(profileId) : '';
  const balances = useQuery({
    ...profileBalancesQuery(id),
    enabled: features.profiles.enabled && id !== '',
  });
  const limits = useQuery({
    ...withdrawalLimitsQuery(),
    enabled: features.transfer_limits.enabled,
  });
  const code = asset.trim().toUpperCase();
  const item = balances.data?.items.find((b) => b.asset === code);
  const balance: ReadBalance | undefined =
    item && balances.data ? { ...item, read_at: balances.data.read_at } : undefined;
  return { balances, balance, limits, profileChosen: id !== '' };
}
