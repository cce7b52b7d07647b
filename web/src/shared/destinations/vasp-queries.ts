import { queryOptions, skipToken } from '@tanstack/react-query';
import { DirectoryVaspSchema } from '#contract/vasps';
import { apiGet } from '#web/lib/api-client';

/** The VASP directory's query keys: one root, so a lookup is cached once wherever it is read. */
export const vaspKeys = {
  all: ['vasps'] as const,
  search: (search: string) => [...vaspKeys.all, 'search', search] as const,
  one: (id: string) => [...vaspKeys.all, 'one', id] as const,
};

/**
 * One VASP by id (GET /api/vasps/:id, cached by the BFF for a day): its name for a saved
 * address, in the picker, the review, the approval and the list alike. Skipped without an id.
 */
export function vaspQuery(id: string | undefined) {
  return queryOptions({
    queryKey: vaspKeys.one(id ?? ''),
    queryFn: id
      ? ({ signal }) =>
          apiGet(`/api/vasps/${encodeURIComponent(id)}`, DirectoryVaspSchema, undefined, signal)
      : skipToken,
    staleTime: 60 * 60_000,
    retry: false,
  });
}
