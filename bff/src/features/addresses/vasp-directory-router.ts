import { Router } from 'express';
import { unsafeTextReason } from '#contract/safe-text';
import { fieldErrorsFromZod } from '#contract/problem';
import {
  GetVaspResponseSchema,
  ListVaspsQuerySchema,
  ListVaspsResponseSchema,
  type DirectoryVasp,
  type ListVaspsResponse,
} from '#contract/vasps';
import { READ_LEDGER_ROLES, requireRole } from '#bff/auth/require-role';
import { badRequest, HttpProblem } from '#bff/http/http-problem';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { callUpstreamJson } from '#bff/upstream/upstream-json';

interface VaspDirectoryRouterDeps {
  upstream: UpstreamClient;
  companion: CompanionFeatureGate;
  now?: () => number;
}

/** The directory changes rarely: the service says it may be cached for a day. */
export const VASP_CACHE_MS = 24 * 3_600_000;
const MAX_CACHED = 2_000;

/** A small TTL cache with single flight: one upstream call per key per day, however many ask. */
function dayCache<T>(now: () => number) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return (key: string, load: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit && now() - hit.at < VASP_CACHE_MS) return hit.value;
    const value = load();
    const entry = { at: now(), value };
    // A failed load is not cached: the next request asks again. Only if the key still holds
    // this load: a newer one (this one outlived its day) must not be dropped.
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    if (entries.size >= MAX_CACHED) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    return value;
  };
}

/**
 * GET /api/vasps?search=&cursor= and GET /api/vasps/:id: the service's VASP directory for the
 * Travel Rule form's type-ahead and for showing a saved VASP's name (every role that reads the
 * ledger, as the service's saved addresses); cached for a day.
 */
export function createVaspDirectoryRouter(deps: VaspDirectoryRouterDeps): Router {
  const now = deps.now ?? Date.now;
  const pages = dayCache<ListVaspsResponse>(now);
  const byId = dayCache<DirectoryVasp | undefined>(now);
  const router = Router();

  router.get('/vasps', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const query = ListVaspsQuerySchema.safeParse(req.query);
    if (!query.success)
      throw badRequest('The directory search is not valid.', fieldErrorsFromZod(query.error));
    await deps.companion.require('vasp_directory');
    const params = new URLSearchParams({ limit: String(query.data.limit ?? 10) });
    const search = query.data.search?.toLowerCase();
    if (search) params.set('search', search);
    if (query.data.cursor) params.set('page_cursor', query.data.cursor);
    const page = await pages(params.toString(), () =>
      callUpstreamJson(
        deps.upstream,
        'listVasps',
        { query: params.toString() },
        ListVaspsResponseSchema,
      ),
    );
    res.json({
      items: page.items,
      ...(page.next_page_cursor ? { next_cursor: page.next_page_cursor } : {}),
    });
  });

  router.get('/vasps/:id', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const id = String(req.params.id);
    if (id.length > 200) throw badRequest('The VASP id is too long.');
    const unsafe = unsafeTextReason(id);
    if (unsafe) throw badRequest('The VASP id is not valid.', [{ path: 'id', message: unsafe }]);
    await deps.companion.require('vasp_directory');
    const vasp = await byId(id, () =>
      callUpstreamJson(
        deps.upstream,
        'getVasp',
        { pathSuffix: `/${encodeURIComponent(id)}` },
        GetVaspResponseSchema,
        () => undefined,
      ),
    );
    if (!vasp)
      throw new HttpProblem({
        title: 'Not Found',
        status: 404,
        detail: `The directory has no VASP ${id}.`,
      });
    res.json(vasp);
  });
  return router;
}
