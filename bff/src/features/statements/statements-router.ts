import { Router } from 'express';
import { requireRole } from '../../auth/require-role';
import type { Logger } from '../../logger';
import type { UpstreamClient } from '../../upstream/upstream-client';
import { exportStatementsCsv } from './export-statements';
import { listStatements } from './list-statements';

/** GET /api/statements and its CSV export: the viewer role. */
export function createStatementsRouter(deps: {
  upstream: UpstreamClient;
  logger: Logger;
  exportMaxPages: number;
}): Router {
  const router = Router();
  router.get(
    '/statements/export.csv',
    requireRole('viewer'),
    exportStatementsCsv(deps.upstream, { maxPages: deps.exportMaxPages, logger: deps.logger }),
  );
  router.get('/statements', requireRole('viewer'), listStatements(deps.upstream));
  return router;
}
