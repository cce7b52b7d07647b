import type { RequestHandler } from 'express';
import type { ApprovalPolicy } from '#contract/approvals';
import { createPutCryptoDestinationAddressRequestSchema } from '#contract/destination-addresses';
import { fieldErrorsFromZod } from '#contract/problem';
import type { Environment } from '#contract/session';
import { getOperator } from '#bff/auth/operator';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import type { DestinationRegistry } from '#bff/gate/destination-registry';
import { badRequest } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import type { Logger } from '#bff/logger';
import type { AddressBook } from '#bff/store/address-book-port';
import type { ApprovalStore } from '#bff/store/approval-port';
import type { AuditLog } from '#bff/store/audit-log-port';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { createAddressPutAudit } from './address-put-audit';
import { createAddressChangeHold } from './hold-address-change';
import { createAddressSaver } from './save-address';

export interface PutAddressDeps {
  upstream: UpstreamClient;
  environment: Environment;
  logger: Logger;
  /** When the BFF keeps a record: the address book and the audit log (and approvals). */
  store?: { addressBook: AddressBook; audit: AuditLog; approvals?: ApprovalStore };
  /** Four eyes: new addresses and Travel Rule changes may wait for an address approver. */
  config?: { approvalPolicy?: ApprovalPolicy; approvalAttribution?: 'subject' | 'email' };
  approvalNotifier?: ApprovalNotifier;
  /** The one view of a destination: a PUT by `id` is judged as the destination it names. */
  destinations?: DestinationRegistry;
}

/** The PUT body's schema: the contract's strict one, testnet forms only against a sandbox. */
export const putAddressSchema = (environment: Environment) =>
  createPutCryptoDestinationAddressRequestSchema({ allowTestnet: environment.allow_testnet });

/**
 * PUT /api/addresses: the upstream upsert of a crypto destination address. The body is checked
 * with the contract's strict schema and the outbound body is the parsed value, never the raw one.
 * The four-eyes policy may hold it (202 `{ approval }`, hold-address-change.ts); otherwise it is
 * saved (save-address.ts) and answered `{ address }`. With a store, the saved address goes into
 * the address book and every attempt, refused ones included, into the audit log.
 */
export function putAddress(deps: PutAddressDeps): RequestHandler {
  const schema = putAddressSchema(deps.environment);
  const audit = createAddressPutAudit(deps);
  const hold = createAddressChangeHold(deps, audit);
  const save = createAddressSaver(deps, audit);

  return async (req, res) => {
    const operator = getOperator(res);
    const requestId = requestIdOf(req, res);
    const parsed = schema.safeParse(req.body);
    if (!parsed.success) {
      await audit(operator, requestId, req.body, 'rejected');
      throw badRequest('The address is not valid.', fieldErrorsFromZod(parsed.error));
    }
    const request = parsed.data;
    const held = await hold(request, operator, requestId);
    if (held) {
      res.status(202).json(held);
      return;
    }
    const saved = await save(request, operator, requestId);
    res.status(200).json({ address: saved.address });
  };
}
