import { Router } from 'express';
import { requireRole } from '#bff/auth/require-role';
import { putAddress, type PutAddressDeps } from './put-address';

/** PUT /api/addresses: the address-editor role. */
export function createPutAddressRouter(deps: PutAddressDeps): Router {
  const router = Router();
  router.put('/addresses', requireRole('address-editor'), putAddress(deps));
  return router;
}
