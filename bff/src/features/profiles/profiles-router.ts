import { Router } from 'express';
import { fieldErrorsFromZod } from '#contract/problem';
import { ProfileIdParamSchema, ProfilesQuerySchema } from '#contract/profiles';
import { READ_LEDGER_ROLES, requireRole } from '#bff/auth/require-role';
import { badRequest } from '#bff/http/http-problem';
import type { ProfileReader } from './profile-reader';
import type { ReadWithdrawalLimits } from './withdrawal-limits-reader';

interface ProfilesRouterDeps {
  profiles: Pick<ProfileReader, 'page' | 'readBalances'>;
  readWithdrawalLimits: ReadWithdrawalLimits;
}

/**
 * The operator's context before a withdrawal (issue 24), for every role that reads the ledger
 * (an initiator among them). Each answers 403 Feature Unavailable without its scope:
 * - GET /api/profiles?nickname=&limit=&page_cursor=: the service's profiles, newest first;
 * - GET /api/profiles/:profileId/balances: what one holds, with when the BFF read it;
 * - GET /api/withdrawal-limits: every crypto withdrawal limit and what is left of it.
 */
export function createProfilesRouter(deps: ProfilesRouterDeps): Router {
  const router = Router();
  router.get('/profiles', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const query = ProfilesQuerySchema.safeParse(req.query);
    if (!query.success)
      throw badRequest('The profile query is not valid.', fieldErrorsFromZod(query.error));
    res.json(await deps.profiles.page(query.data));
  });
  router.get(
    '/profiles/:profileId/balances',
    requireRole(...READ_LEDGER_ROLES),
    async (req, res) => {
      const id = ProfileIdParamSchema.safeParse(req.params.profileId);
      if (!id.success)
        throw badRequest(
          'The profile id is not valid.',
          fieldErrorsFromZod(id.error).map((e) => ({ ...e, path: 'profileId' })),
        );
      res.json(await deps.profiles.readBalances(id.data));
    },
  );
  router.get('/withdrawal-limits', requireRole(...READ_LEDGER_ROLES), async (_req, res) => {
    res.json(await deps.readWithdrawalLimits());
  });
  return router;
}
