import { Router } from 'express';
import { ListAuditQuerySchema, type ListAuditQuery } from '#contract/audit';
import { fieldErrorsFromZod } from '#contract/problem';
import { requireRole } from '#bff/auth/require-role';
import { badRequest } from '#bff/http/http-problem';
import { InvalidCursorError } from '#bff/store/cursor';
import type { AuditLog } from '#bff/store/audit-log-port';
import { streamCsvPages } from '#bff/http/csv-page-stream';
import { auditCsvHeader, auditCsvRow } from './audit-csv';

const EXPORT_PAGE = 500;

function parseQuery(query: unknown): ListAuditQuery {
  const parsed = ListAuditQuerySchema.safeParse(query);
  if (!parsed.success)
    throw badRequest('The filters are not valid.', fieldErrorsFromZod(parsed.error));
  return parsed.data;
}

function cursorProblem(error: unknown): never {
  if (error instanceof InvalidCursorError)
    throw badRequest(error.message, [{ path: 'cursor', message: error.message }]);
  throw error;
}

/** GET /api/audit (filters operator, action, from/to, cursor pages) and its CSV export (viewer). */
export function createAuditRouter(deps: { store: { audit: AuditLog } }): Router {
  const { audit } = deps.store;
  const router = Router();

  router.get('/audit', requireRole('viewer'), async (req, res) => {
    const query = parseQuery(req.query);
    res.json(await audit.list(query).catch(cursorProblem));
  });

  // Every matching event, page by page from the database, written as it is read: constant memory
  // however long the trail. Same filters as the list; `limit` and `cursor` do not apply.
  router.get('/audit/export.csv', requireRole('viewer'), async (req, res) => {
    const { limit: _limit, cursor: _cursor, ...filters } = parseQuery(req.query);
    await streamCsvPages(res, {
      filename: 'audit-events.csv',
      header: auditCsvHeader(),
      row: auditCsvRow,
      page: async (cursor) => {
        const page = await audit.list({ ...filters, limit: EXPORT_PAGE, cursor });
        return { items: page.events, next_cursor: page.next_cursor };
      },
    });
  });

  return router;
}
