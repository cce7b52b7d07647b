import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { DirectoryVaspSchema } from '#contract/vasps';
import { apiGet } from '#web/lib/api-client';
import { vaspKeys } from '#web/shared/destinations/vasp-queries';

const VaspPageSchema = z.object({
  items: z.array(DirectoryVaspSchema),
  next_cursor: z.string().optional(),
});

/** A type-ahead page of the service's VASP directory (the BFF caches it for a day). */
export function vaspSearchQuery(search: string) {
  return queryOptions({
    queryKey: vaspKeys.search(search),
    queryFn: ({ signal }) =>
      apiGet('/api/vasps', VaspPageSchema, { search: search || undefined, limit: 10 }, signal),
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });
}
