// Which fields of a saved crypto destination address a save changes: shown in the review before
// saving (web) and named in the audit trail after an update (bff).

/** One field that the save changes, in dotted request form ("travelrule_metadata.vasp.id"). */
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
 * save can change (the key fields are equal by definition of an upsert on that key). A field the
 * request leaves out is kept by the service, so it is no change; `travelrule_metadata`, when
 * sent, replaces the saved one as a whole. The directory's `vasp.name` is answered for the
 * `vasp.id` sent, so it is no change while that id stays.
 */
export function diffAddress(
  saved: Record<string, unknown>,
  request: Record<string, unknown>,
): FieldChange[] {
  const before = new Map<string, string>();
  const after = new Map<string, string>();
  const sent = (['nickname', 'bookmarked_status', 'travelrule_metadata'] as const).filter(
    (key) => request[key] !== undefined,
  );
  flatten(Object.fromEntries(sent.map((key) => [key, saved[key]])), '', before);
  flatten(Object.fromEntries(sent.map((key) => [key, request[key]])), '', after);
  const sameVaspId =
    before.has('travelrule_metadata.vasp.id') &&
    before.get('travelrule_metadata.vasp.id') === after.get('travelrule_metadata.vasp.id');
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  return paths
    .filter((path) => before.get(path) !== after.get(path))
    .filter((path) => !(sameVaspId && path === 'travelrule_metadata.vasp.name'))
    .map((path) => ({ path, before: before.get(path), after: after.get(path) }));
}
