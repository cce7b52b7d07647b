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
    enabled: features.profiles.enabled,
  });
  const limits = useQuery({
    ...withdrawalLimitsQuery(),
    enabled: features.transfer_limits.enabled,
  });
  const code = asset.trim().toUpperCase();
  const item = balances.data?.items.find((b) => b.asset === code);
  const balance: ReadBalance | undefined =
    item && balances.data ? { ...item, read_at: balances.data.read_at } : undefined;
  return {
    balances,
    balance,
    checkedBalance: balanceToCheck(balances.data, code),
    // Read, and none of the asset: the service refuses it, so neither Review nor Submit is offered.
    holdsNone: balances.isSuccess && code !== '' && item === undefined,
    limits,
    profileChosen: id !== '',
  };
}

/**
 * The balance an amount is checked against (above-available.ts): the asset's, or none at all when
 * the profile's balances were read and it holds none of it (issue 42 item 12: the form said "holds
 * no LTC", then let it be reviewed and submitted to a 403). Undefined when nothing was read.
 */
export function balanceToCheck(
  read: { items: readonly ProfileBalance[]; read_at: string } | undefined,
  asset: string,
): ReadBalance | undefined {
  if (!read || asset === '') return undefined;
  const item = read.items.find((b) => b.asset === asset);
  return { ...(item ?? { asset, available: '0', trading: '0' }), read_at: read.read_at };
}
