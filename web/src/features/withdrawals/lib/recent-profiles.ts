// The profiles an operator chose recently, newest first, kept in this browser per operator (so
// a shared machine does not mix two people's lists). A convenience: storage may be off.

const KEY_PREFIX = 'asset-ops.withdrawals.recent-profiles.';
const RECENT_PROFILES_MAX = 5;

const keyOf = (operator: string) => `${KEY_PREFIX}${operator}`;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readRecentProfiles(operator: string): string[] {
  const raw = storage()?.getItem(keyOf(operator));
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed)
      ? parsed.filter((id): id is string => typeof id === 'string').slice(0, RECENT_PROFILES_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Puts `profileId` first (moving it if there) and keeps the newest few. */
export function rememberProfile(operator: string, profileId: string): void {
  const next = [profileId, ...readRecentProfiles(operator).filter((id) => id !== profileId)].slice(
    0,
    RECENT_PROFILES_MAX,
  );
  try {
    storage()?.setItem(keyOf(operator), JSON.stringify(next));
  } catch {
    // Full or disabled storage: the list is simply not remembered.
  }
}

/** The profiles with the recently used ones first (in their recent order), the rest as listed. */
export function recentFirst<T extends { id: string }>(
  items: readonly T[],
  recent: readonly string[],
) {
  const rank = (id: string) => {
    const index = recent.indexOf(id);
    return index === -1 ? recent.length : index;
  };
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item.id) - rank(b.item.id) || a.index - b.index)
    .map(({ item }) => item);
}
