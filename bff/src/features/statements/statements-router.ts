import { Router, type RequestHandler } from 'express';
import { requireRole } from '#bff/auth/require-role';
import type { Logger } from '#bff/logger';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { exportStatementsCsv } from './export-statements';
import { listStatementPayments } from './list-statement-payments';
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

/** GET /api/statements/payments: the viewer role, a companion feature (statements:read_payment). */
export function createStatementPaymentsRouter(deps: {
  upstream: UpstreamClient;
  companion: CompanionFeatureGate;
}): Router {
  const router = Router();
  router.get('/statements/payments', requireRole('viewer'), listStatementPayments(deps));
  return router;
}
