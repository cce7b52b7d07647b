import { Router, type RequestHandler } from 'express';
import { requireRole } from '#bff/auth/require-role';
import type { Logger } from '#bff/logger';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { exportStatementsCsv } from './export-statements';
import { listStatements } from './list-statements';

/** The statements routes' handlers, role check first: the router and the app's hot path share them. */
export interface StatementsRoutes {
  list: RequestHandler[];
  export: RequestHandler[];
}

/** GET /api/statements and its CSV export: the viewer role. */
export function statementsRoutes(deps: {
  upstream: UpstreamClient;
  logger: Logger;
  exportMaxPages: number;
}): StatementsRoutes {
  return {
    list: [requireRole('viewer'), listStatements(deps.upstream)],
    export: [
      requireRole('viewer'),
      exportStatementsCsv(deps.upstream, { maxPages: deps.exportMaxPages, logger: deps.logger }),
    ],
  };
}

export function createStatementsRouter(routes: StatementsRoutes): Router {
  const router = Router();
  router.get('/statements/export.csv', ...routes.export);
  router.get('/statements', ...routes.list);
  return router;
}
