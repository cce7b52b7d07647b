import { Router } from 'express';
import { LookAlikesQuerySchema } from '#contract/destinations';
import { fieldErrorsFromZod } from '#contract/problem';
import { READ_LEDGER_ROLES, requireRole } from '#bff/auth/require-role';
import type { DestinationRegistry } from '#bff/gate/destination-registry';
import { badRequest } from '#bff/http/http-problem';

/**
 * GET /api/destinations/look-alikes?address= (every role that reads the ledger): the known
 * destinations (address book, the service's saved addresses, changes held for approval) the
 * address imitates, for the address editor, the withdrawal form and review, and the approval page.
 */
export function createLookAlikesRouter(deps: {
  destinations: Pick<DestinationRegistry, 'lookAlikes'>;
}): Router {
  const router = Router();
  router.get('/destinations/look-alikes', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const query = LookAlikesQuerySchema.safeParse(req.query);
    if (!query.success)
      throw badRequest('The address is not valid.', fieldErrorsFromZod(query.error));
    res.json(await deps.destinations.lookAlikes(query.data.address));
  });
  return router;
}
