import { z } from 'zod';

/**
 * What this console could not read in a record from the service: the dotted paths of the values
 * it had to leave out (a wrong type, e.g. an amount sent as a JSON number) and the record exactly
 * as it arrived. Set by this console (never by the service) so that the record still displays,
 * marked incomplete, instead of failing the whole page or answer.
 */
export const UnreadableSchema = z.object({
  fields: z.array(z.string()),
  raw: z.unknown(),
});
export type Unreadable = z.infer<typeof UnreadableSchema>;

/** The `fields` entry when the record as a whole is not an object. */
export const WHOLE_RECORD = '(the whole record)';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * JSON null means "not given" (docs/upstream-contract.md, "Reading tolerantly"): a copy without
 * null members at any depth. Arrays keep their items (a null item is a record that cannot be read).
 */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value))
    return value.map((item) => (isPlainObject(item) ? withoutNulls(item) : item));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value))
    if (field !== null) out[key] = withoutNulls(field);
  return out;
}

const REMOVED = Symbol('removed');

function removeAt(target: unknown, path: readonly PropertyKey[]): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  const last = path[path.length - 1];
  if (typeof node !== 'object' || node === null || last === undefined) return;
  // An array item is marked and dropped afterwards so the other items keep their indexes.
  if (Array.isArray(node)) node[Number(last)] = REMOVED;
  else delete (node as Record<PropertyKey, unknown>)[last];
}

function dropRemoved(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== REMOVED).map(dropRemoved);
  if (!isPlainObject(value)) return value;
  for (const [key, field] of Object.entries(value)) value[key] = dropRemoved(field);
  return value;
}

interface TolerantOptions {
  /** No member is required: even a record that is not an object becomes an (empty) unreadable one. */
  nothingRequired?: boolean;
}

/**
 * A response record read tolerantly: nulls are "not given"; a value of the wrong type is left
 * out and named in `unreadable` (with the raw record), never a failed parse and never a guess
 * (a JSON number where money is expected stays unread, not a float). Only a record without the
 * members the service always sends (and not `nothingRequired`) still fails.
 */
export function tolerant<T extends Record<string, unknown>>(
  schema: z.ZodType<T>,
  options: TolerantOptions = {},
) {
  return z.unknown().transform((raw, ctx): T & { unreadable?: Unreadable } => {
    const first = schema.safeParse(raw);
    if (first.success) return first.data;
    const cleaned = withoutNulls(raw);
    let result = schema.safeParse(cleaned);
    if (result.success) return result.data;
    if (!isPlainObject(cleaned)) {
      if (options.nothingRequired)
        return { unreadable: { fields: [WHOLE_RECORD], raw } } as T & { unreadable: Unreadable };
      ctx.addIssue({ code: 'custom', message: 'Not an object' });
      return z.NEVER;
    }
    const candidate = structuredClone(cleaned);
    const fields = new Set<string>();
    // Each pass removes what the previous one named; nested records may need a few.
    for (let pass = 0; pass < 4 && !result.success; pass += 1) {
      for (const issue of result.error.issues) {
        if (issue.path.length === 0) continue;
        fields.add(issue.path.map(String).join('.'));
        removeAt(candidate, issue.path);
      }
      dropRemoved(candidate);
      result = schema.safeParse(candidate);
    }
    if (!result.success) {
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { ...result.data, unreadable: { fields: [...fields], raw } };
  });
}
