import { Router } from 'express';
import { requireRole } from '#bff/auth/require-role';
import { putAddress, type PutAddressDeps } from './put-address';
import { setAddressMemo } from './set-address-memo';

/** PUT /api/addresses and POST /api/addresses/memo: the address-editor role. */
export function createPutAddressRouter(deps: PutAddressDeps): Router {
  const router = Router();
  router.put('/addresses', requireRole('address-editor'), putAddress(deps));
  router.post('/addresses/memo', requireRole('address-editor'), setAddressMemo(deps));
  return router;
}
