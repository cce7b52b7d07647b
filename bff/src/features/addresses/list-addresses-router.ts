import { Router } from 'express';
import { ListAddressesQuerySchema } from '#contract/address-book';
import { fieldErrorsFromZod } from '#contract/problem';
import { READ_LEDGER_ROLES, requireRole } from '#bff/auth/require-role';
import { badRequest } from '#bff/http/http-problem';
import type { AddressBook } from '#bff/store/address-book-port';

/**
 * GET /api/addresses (viewer): the BFF's address book (the upstream cannot list saved
 * addresses). `q` matches the nickname anywhere or the address by its start or end; bookmarked
 * addresses come first.
 */
export function createListAddressesRouter(deps: { store: { addressBook: AddressBook } }): Router {
  const router = Router();
  router.get('/addresses', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const query = ListAddressesQuerySchema.safeParse(req.query);
    if (!query.success)
      throw badRequest('The search is not valid.', fieldErrorsFromZod(query.error));
    res.json({ addresses: await deps.store.addressBook.list(query.data) });
  });
  return router;
}
