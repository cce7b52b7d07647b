import { boundedMemo } from '#bff/lib/bounded-memo';
import type { Operator } from './operator';

/** How many derived operators are kept: about one per operator signed in at a time. */
const MAX_REMEMBERED = 1_000;

/**
 * The operator an identity input (the SSO proxy's headers, a verified assertion) was found to
 * be, remembered so the same input is not read again on every request of a session: splitting
 * the groups, checking every field for text the ledger cannot keep and mapping groups to roles
 * were about 1 % of a read's CPU (docs/bench.md). Only accepted identities are kept (a refusal
 * is decided again each time), frozen, since every request of that person shares the object.
 */
export function operatorMemo<K>(max = MAX_REMEMBERED) {
  const remembered = boundedMemo<K, Readonly<Operator>>(max);
  return {
    get: (key: K): Readonly<Operator> | undefined => remembered.get(key),
    keep: (key: K, operator: Operator): Readonly<Operator> =>
      remembered.keep(
        key,
        // The roles frozen too; the type keeps Operator's (a mutable array) as before.
        Object.freeze({
          ...operator,
          roles: Object.freeze([...operator.roles]),
        }) as Readonly<Operator>,
      ),
  };
}
