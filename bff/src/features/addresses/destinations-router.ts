import { Router } from 'express';
import { ListDestinationsQuerySchema } from '#contract/destinations';
import { fieldErrorsFromZod } from '#contract/problem';
import { READ_LEDGER_ROLES, requireRole } from '#bff/auth/require-role';
import { listDestinations } from '#bff/gate/destination-list';
import { badRequest } from '#bff/http/http-problem';
import type { AddressBook } from '#bff/store/address-book-port';
import type { ServiceAddressReader } from '#bff/upstream/service-address-reader';

/**
 * GET /api/destinations (every role that reads the ledger): the address list as one view, the
 * book and the service's saved addresses, each destination once (gate/destination-list.ts).
 */
export function createDestinationsRouter(deps: {
  store: { addressBook: AddressBook };
  serviceAddresses?: Pick<ServiceAddressReader, 'all'>;
}): Router {
  const router = Router();
  router.get('/destinations', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const query = ListDestinationsQuerySchema.safeParse(req.query);
    if (!query.success)
      throw badRequest('The search is not valid.', fieldErrorsFromZod(query.error));
    res.json(
      await listDestinations(
        { addressBook: deps.store.addressBook, service: deps.serviceAddresses },
        query.data,
      ),
    );
  });
  return router;
}
