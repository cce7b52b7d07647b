/** One field that the save changes, in dotted request form ("travelrule_metadata.vasp.name"). */
export interface FieldChange {
  path: string;
  before: string | undefined;
  after: string | undefined;
}

function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value as Record<string, unknown>))
      flatten(v, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  if (value === undefined || value === null) return;
  out.set(prefix, typeof value === 'string' ? value : JSON.stringify(value));
}

/** The fields of the saved address that a PUT can change, named as in the request. */
export function comparableFromSaved(saved: {
  nickname?: string;
  bookmarked?: boolean;
  travelrule_metadata?: unknown;
}): Record<string, unknown> {
  return {
    nickname: saved.nickname,
    bookmarked_status: saved.bookmarked,
    travelrule_metadata: saved.travelrule_metadata,
  };
}

/**
 * A field-level diff between the saved entry and the request about to be sent, over the fields a
 * save can change (the key fields are equal by definition of an upsert on that key).
 */
export function diffAddress(
  saved: Record<string, unknown>,
  request: Record<string, unknown>,
): FieldChange[] {
  const before = new Map<string, string>();
  const after = new Map<string, string>();
  flatten(saved, '', before);
  const { nickname, bookmarked_status, travelrule_metadata } = request;
  flatten({ nickname, bookmarked_status, travelrule_metadata }, '', after);
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  return paths
    .filter((path) => before.get(path) !== after.get(path))
    .map((path) => ({ path, before: before.get(path), after: after.get(path) }));
}
