import { isEntityId, normaliseEntityId } from '#web/lib/entity-id';

// The customer ids an operator looked at recently, newest first, kept in this browser only.
// Only well-formed ids (UUIDs, lower-cased) are kept: a truncated paste is never offered again.

export const RECENT_CUSTOMERS_KEY = 'asset-ops.statements.recent-customers';
const RECENT_CUSTOMERS_MAX = 8;

/** Adds an id at the front (moving it if already there), keeping at most `max`. */
export function withRecentCustomer(
  recent: readonly string[],
  customerId: string,
  max = RECENT_CUSTOMERS_MAX,
): string[] {
  if (!isEntityId(customerId)) return [...recent];
  const id = normaliseEntityId(customerId);
  return [id, ...recent.filter((other) => other !== id)].slice(0, max);
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings): remembering is a convenience, never required.
    return undefined;
  }
}

export function readRecentCustomers(): string[] {
  const raw = storage()?.getItem(RECENT_CUSTOMERS_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed)
      ? [
          ...new Set(
            parsed
              .filter((item): item is string => typeof item === 'string' && isEntityId(item))
              .map(normaliseEntityId),
          ),
        ].slice(0, RECENT_CUSTOMERS_MAX)
      : [];
  } catch {
    return [];
  }
}

export function rememberCustomer(customerId: string): string[] {
  const next = withRecentCustomer(readRecentCustomers(), customerId);
  try {
    storage()?.setItem(RECENT_CUSTOMERS_KEY, JSON.stringify(next));
  } catch {
    // Full or disabled storage: the list simply is not remembered.
  }
  return next;
}
