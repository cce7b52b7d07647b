import { z } from 'zod';

// A list the service answers as `{ items: [...], next_page_cursor }`, read item by item: one record
// the console cannot use (a required member missing or of the wrong type) is left out and counted,
// never the failure of the whole list. JSON null is "not given" (docs/upstream-contract.md).

export const PublishedItemsPageSchema = z.looseObject({
  items: z
    .array(z.unknown())
    .nullish()
    .transform((items) => items ?? []),
  next_page_cursor: z.string().nullish(),
});

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function withoutNullMembers(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== null));
}

/** The items `schema` reads (null members as not given), and how many it could not. */
export function readPublishedItems<S extends z.ZodType>(
  items: readonly unknown[],
  schema: S,
): { items: Array<z.infer<S>>; unreadable: number } {
  const read: Array<z.infer<S>> = [];
  let unreadable = 0;
  for (const item of items) {
    const parsed = schema.safeParse(withoutNullMembers(item));
    if (parsed.success) read.push(parsed.data as z.infer<S>);
    else unreadable += 1;
  }
  return { items: read, unreadable };
}
