import { z } from 'zod';
import { withSafeText } from './safe-text';

/** A VASP of the service's directory (GET /v2/travelrule/vasps[/{id}]), read tolerantly. */
export const DirectoryVaspSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().nullish(),
});
export type DirectoryVasp = z.infer<typeof DirectoryVaspSchema>;

/**
 * GET /v2/travelrule/vasps/{id}: published wrapped, `{ vasp: { id, name } }`. Read tolerantly: a
 * bare `{ id, name }` (the shape older documentation showed) is read too. Either way, the VASP.
 */
export const GetVaspResponseSchema = z.union([
  z.looseObject({ vasp: DirectoryVaspSchema }).transform(({ vasp }) => vasp),
  DirectoryVaspSchema,
]);

export const ListVaspsResponseSchema = z.looseObject({
  items: z
    .array(DirectoryVaspSchema)
    .nullish()
    .transform((items) => items ?? []),
  next_page_cursor: z.string().nullish(),
});
export type ListVaspsResponse = z.infer<typeof ListVaspsResponseSchema>;

/** GET /api/vasps: a type-ahead over the directory. */
export const ListVaspsQuerySchema = withSafeText(
  z.strictObject({
    search: z.string().trim().max(100, 'At most 100 characters').optional(),
    cursor: z.string().min(1).max(512).optional(),
    limit: z.coerce.number().int().min(1).max(50).optional(),
  }),
);
