import { memoDiff } from '#contract/address-import';
import {
  holdsAddressChanges,
  type AddressChange,
  type AddressDiffEntry,
  type ApprovalPolicy,
} from '#contract/approvals';
import { canonicalJson } from '#contract/canonical-json';

/** Every leaf of a JSON value by dotted path (arrays by index). */
function leaves(value: unknown, path: string, out: Map<string, unknown>): void {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) out.set(path, value);
    for (const [key, child] of entries) leaves(child, path ? `${path}.${key}` : key, out);
    return;
  }
  if (value !== undefined) out.set(path, value);
}

/** What changes between two Travel Rule data (dotted paths; absent before or after: not set). */
function travelRuleDiff(before: unknown, after: unknown): AddressDiffEntry[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  leaves(before, 'travelrule_metadata', a);
  leaves(after, 'travelrule_metadata', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths
    .filter((p) => canonicalJson(a.get(p)) !== canonicalJson(b.get(p)))
    .map((path) => ({
      path,
      ...(a.has(path) ? { before: a.get(path) } : {}),
      ...(b.has(path) ? { after: b.get(path) } : {}),
    }));
}

export interface HeldAddressChange {
  change: AddressChange;
  diff: AddressDiffEntry[];
  reason: string;
}

/**
 * Whether the policy holds this PUT: a destination the address book does not hold yet (new), or
 * a change of the Travel Rule data of one it holds. A PUT that leaves the Travel Rule data out
 * (a nickname, a bookmark) changes nothing that needs another person.
 */
export function heldAddressChange(
  policy: ApprovalPolicy,
  request: { travelrule_metadata?: unknown; id?: string },
  existing: { travelrule_metadata?: unknown } | undefined,
  known: boolean,
): HeldAddressChange | undefined {
  const rule = policy.addresses;
  if (!known && request.id === undefined) {
    if (!rule.new_addresses) return undefined;
    return {
      change: 'new',
      diff: travelRuleDiff(undefined, request.travelrule_metadata),
      reason: 'new address',
    };
  }
  if (!rule.travel_rule_changes || request.travelrule_metadata === undefined) return undefined;
  const diff = travelRuleDiff(existing?.travelrule_metadata, request.travelrule_metadata);
  if (known && diff.length === 0) return undefined;
  return { change: 'travel_rule', diff, reason: 'Travel Rule data changed' };
}

/** A change of the console's own record of a destination the address book holds. */
export type BookChange =
  /** Its destination memo, before and after (undefined: none). */
  | { kind: 'memo'; before: string | undefined; after: string | undefined }
  /** Bringing it back from the archive: into use again. */
  | { kind: 'restore' };

/**
 * Whether the policy holds a change of the book's own record of a destination: its memo (the
 * address and the memo together say who is credited, so another memo is another destination)
 * or bringing it back from the archive (out of use until then). Held whenever the policy holds
 * address changes at all, as a PUT would be; undefined when it may be made now, or changes
 * nothing (the same memo again).
 */
export function heldBookChange(
  policy: ApprovalPolicy,
  change: BookChange,
): HeldAddressChange | undefined {
  if (!holdsAddressChanges(policy)) return undefined;
  if (change.kind === 'restore')
    return {
      change: 'restore',
      diff: [{ path: 'archived', before: true, after: false }],
      reason: 'archived address brought back',
    };
  const diff = memoDiff(change.before, change.after);
  return diff.length > 0 ? { change: 'memo', diff, reason: 'destination memo changed' } : undefined;
}
