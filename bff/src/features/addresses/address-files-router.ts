import { Router, type Request } from 'express';
import {
  AddressImportRowsQuerySchema,
  ApplyAddressImportRequestSchema,
  type AddressImportResponse,
} from '#contract/address-import';
import { fieldErrorsFromZod } from '#contract/problem';
import { getOperator } from '#bff/auth/operator';
import { READ_LEDGER_ROLES, requireRole } from '#bff/auth/require-role';
import { badRequest, HttpProblem } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import type { AddressBook } from '#bff/store/address-book-port';
import type { AddressImportStore } from '#bff/store/address-import-port';
import type { ApprovalStore } from '#bff/store/approval-port';
import type { AuditLog } from '#bff/store/audit-log-port';
import type { ServiceAddressReader } from '#bff/upstream/service-address-reader';
import { archiveAddress } from './archive-address';
import { exportAddressesCsv } from './export-addresses';
import { createImportApplier } from './import-apply';
import { previewImport } from './import-preview';
import { withApprovalStates } from './import-row-approvals';
import type { PutAddressDeps } from './put-address';
import { operatorRef } from '#contract/operator-ref';

const ROWS_PAGE = 200;

type AddressFilesDeps = PutAddressDeps & {
  store: { addressBook: AddressBook; audit: AuditLog; addressImports?: AddressImportStore };
  serviceAddresses?: Pick<ServiceAddressReader, 'all'>;
};

function unavailable(): HttpProblem {
  return new HttpProblem({
    title: 'Service Unavailable',
    status: 503,
    detail: 'Address files need the BFF’s store and its destination registry.',
  });
}

/** The import and one page of its rows from `after`, held rows with their requests' states. */
async function importAnswer(
  { imports, approvals }: { imports: AddressImportStore; approvals?: ApprovalStore },
  id: string,
  after = 0,
  limit = ROWS_PAGE,
): Promise<AddressImportResponse> {
  const summary = await imports.get(id);
  if (!summary)
    throw new HttpProblem({
      title: 'Not Found',
      status: 404,
      detail: `No address import has the id ${id.slice(0, 64)}.`,
    });
  const rows = await withApprovalStates(
    approvals,
    await imports.rows(id, { afterLine: after, limit }),
  );
  const last = rows[rows.length - 1];
  return {
    import: summary,
    rows,
    ...(rows.length === limit && last ? { next_line: last.line } : {}),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An import's id as the path gives it: ours are UUIDs, anything else names no import. */
function importIdOf(req: Request): string {
  const id = String(req.params.id);
  if (!UUID.test(id))
    throw new HttpProblem({
      title: 'Not Found',
      status: 404,
      detail: 'No address import has this id: an import id is a UUID.',
    });
  return id;
}

const isCsv = (req: Request) => /^text\/csv\s*(;|$)/i.test(req.headers['content-type'] ?? '');

/**
 * The address book as files (issue 28 item 2, issue 26 item 9): import (preview, rows, apply),
 * export, and archive. Import and archive are the address editor's; reading is every role's.
 */
export function createAddressFilesRouter(deps: AddressFilesDeps): Router {
  const router = Router();
  const imports = deps.store.addressImports;
  const read = imports && { imports, approvals: deps.store.approvals };
  const destinations = deps.destinations;
  const apply = imports ? createImportApplier({ ...deps, imports }) : undefined;

  router.get('/addresses/export.csv', requireRole(...READ_LEDGER_ROLES), exportAddressesCsv(deps));
  router.post('/addresses/archive', requireRole('address-editor'), archiveAddress(deps));
  router.post('/addresses/import', requireRole('address-editor'), async (req, res) => {
    if (!imports || !destinations) throw unavailable();
    if (!isCsv(req))
      throw new HttpProblem({
        title: 'Unsupported Media Type',
        status: 415,
        detail: 'Send the address file as text/csv.',
      });
    const operator = getOperator(res);
    const id = await previewImport(
      { environment: deps.environment, addressBook: deps.store.addressBook, imports, destinations },
      req,
      operatorRef(operator),
    );
    res.status(201).json(await importAnswer({ imports }, id));
  });
  router.get('/addresses/import/:id', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    if (!read) throw unavailable();
    const query = AddressImportRowsQuerySchema.safeParse(req.query);
    if (!query.success) throw badRequest('The page is not valid.', fieldErrorsFromZod(query.error));
    res.json(await importAnswer(read, importIdOf(req), query.data.after, query.data.limit));
  });
  router.post('/addresses/import/:id/apply', requireRole('address-editor'), async (req, res) => {
    if (!read || !apply) throw unavailable();
    const body = ApplyAddressImportRequestSchema.safeParse(req.body ?? {});
    if (!body.success)
      throw badRequest('The request is not valid.', fieldErrorsFromZod(body.error));
    const id = importIdOf(req);
    await apply(id, getOperator(res), requestIdOf(req, res), {
      confirmLookAlikes: body.data.confirm_look_alikes === true,
    });
    res.json(await importAnswer(read, id));
  });
  return router;
}
