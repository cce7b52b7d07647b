import type { RequestHandler } from 'express';
import { ArchiveAddressRequestSchema } from '#contract/address-book';
import { fieldErrorsFromZod } from '#contract/problem';
import { requestHash } from '#contract/request-hash';
import { getOperator } from '#bff/auth/operator';
import { badRequest, HttpProblem } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import { recordAudit } from '#bff/lib/record-audit';
import type { Logger } from '#bff/logger';
import type { AddressBook, AuditLog } from '#bff/store/ports';

/**
 * POST /api/addresses/archive { key, archived }: archives (or brings back) an entry of the
 * console's book. An archived entry is left out of the list and the pickers; the service keeps
 * its record (the console cannot delete there), so withdrawals to it stay as the registry says.
 * One address.archive (or address.unarchive) audit event.
 */
export function archiveAddress(deps: {
  store: { addressBook: AddressBook; audit: AuditLog };
  logger: Logger;
}): RequestHandler {
  return async (req, res) => {
    const parsed = ArchiveAddressRequestSchema.safeParse(req.body);
    if (!parsed.success)
      throw badRequest('The request is not valid.', fieldErrorsFromZod(parsed.error));
    const { key, archived } = parsed.data;
    const operator = getOperator(res);
    const entry = await deps.store.addressBook.setArchived(key, archived, {
      subject: operator.subject,
      name: operator.name,
    });
    if (!entry)
      throw new HttpProblem({
        title: 'Not Found',
        status: 404,
        detail: 'The address book holds no entry with this key.',
      });
    await recordAudit(
      { audit: deps.store.audit, logger: deps.logger },
      {
        operator_subject: operator.subject,
        operator_name: operator.name,
        roles: operator.roles,
        action: archived ? 'address.archive' : 'address.unarchive',
        target: key,
        request_hash: requestHash(parsed.data),
        outcome: archived ? 'archived' : 'unarchived',
        request_id: requestIdOf(req, res),
      },
    );
    res.json({ address: entry });
  };
}
