import { z } from 'zod';

// The pieces of a list operation's query and page that statements and statement payments share:
// one home for how a query string's values are read and written.

/** A query value may arrive once (string) or repeated (string[]): always an array after parsing. */
export const repeated = <T extends z.ZodType>(item: T, options: { min?: number } = {}) =>
  z.preprocess(
    (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
    z
      .array(item)
      .min(options.min ?? 0)
      .max(200)
      .optional(),
  );

/** A page size: from a query string only plain digits (Number() would read "0x10", "1e2", " 5"). */
export const queryLimit = (max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^[0-9]{1,10}$/, 'limit must be a whole number')
        .transform((digits) => Number(digits)),
    ])
    .pipe(
      z
        .number()
        .int('limit must be a whole number')
        .min(1, 'limit must be at least 1')
        .max(max, `limit must be at most ${max}`),
    )
    .optional();

/** A page as the service may send it: `{}` when empty, nulls for "not given" (dropped here). */
export const withoutNullMembers = (page: unknown) =>
  typeof page === 'object' && page !== null && !Array.isArray(page)
    ? Object.fromEntries(Object.entries(page).filter(([, value]) => value !== null))
    : page;

/** Serialises a query the way the service reads it: arrays as repeated parameters. */
export function queryToSearchParams(query: Readonly<Record<string, unknown>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  return params;
}
