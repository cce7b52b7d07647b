import { Router } from 'express';
import {
  ListActivityQuerySchema,
  RECONCILIATION_DEFAULT_DAYS,
  ReconciliationQuerySchema,
  TransferIdSchema,
  type ListActivityResponse,
  type TransferDetailResponse,
} from '#contract/activity';
import { fieldErrorsFromZod } from '#contract/problem';
import { getOperator } from '#bff/auth/operator';
import { READ_LEDGER_ROLES, requireRole } from '#bff/auth/require-role';
import { badRequest, HttpProblem } from '#bff/http/http-problem';
import type { Logger } from '#bff/logger';
import type { ActivityLedger, ElsewhereWatchStore } from '#bff/store/activity-port';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { withOrigins } from './origins';
import { reconcile } from './reconcile';
import { readTransfer, readTransferPage, serviceQuery } from './service-transfers';

interface ActivityRouterDeps {
  store: { activity?: ActivityLedger; elsewhere?: ElsewhereWatchStore };
  upstream: UpstreamClient;
  companion: CompanionFeatureGate;
  logger: Logger;
}

const DAY_MS = 86_400_000;

function parsed<T>(result: { success: true; data: T } | { success: false; error: unknown }): T {
  if (result.success) return result.data;
  throw badRequest(
    'The filters are not valid.',
    fieldErrorsFromZod(result.error as Parameters<typeof fieldErrorsFromZod>[0]),
  );
}

/** A transfer id from the path, or a 400 before anything is asked of the service. */
function transferId(raw: unknown): string {
  const id = TransferIdSchema.safeParse(String(raw));
  if (!id.success)
    throw badRequest('Not a transfer id.', [{ path: 'id', message: 'Not a transfer id' }]);
  return id.data;
}

function notFound(detail: string): never {
  throw new HttpProblem({ status: 404, title: 'Not Found', detail });
}

function unavailable(): never {
  throw new HttpProblem({
    status: 503,
    title: 'Service Unavailable',
    detail: 'This console keeps no ledger to compare with.',
  });
}

/**
 * GET /api/transfers: every transfer the service lists, each marked console or elsewhere;
 * GET /api/reconciliation: the service against the ledger in four groups;
 * GET /api/transfers/:id: one transfer as the service reads it now, with its origin;
 * GET /api/transfers/elsewhere and POST …/:transfer_id/acknowledge: the watcher's alerts.
 * Reads need the `activity` companion feature (scope transfer:read_transfer).
 */
export function createActivityRouter(deps: ActivityRouterDeps): Router {
  const router = Router();
  const ledger = () => deps.store.activity ?? unavailable();
  const watch = () => deps.store.elsewhere ?? unavailable();

  router.get('/transfers', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const query = parsed(ListActivityQuerySchema.safeParse(req.query));
    await deps.companion.require('activity');
    const page = await readTransferPage(deps.upstream, serviceQuery(query));
    const body: ListActivityResponse = {
      items: await withOrigins(ledger(), page.items),
      next_cursor: page.next_page_cursor,
    };
    res.json(body);
  });

  router.get('/transfers/elsewhere', requireRole(...READ_LEDGER_ROLES), async (_req, res) => {
    res.json(await watch().listAlerts(200));
  });

  router.post(
    '/transfers/elsewhere/:transfer_id/acknowledge',
    requireRole('withdrawal-approver', 'withdrawal-initiator'),
    async (req, res) => {
      const id = transferId(req.params.transfer_id);
      const operator = getOperator(res);
      const done = await watch().acknowledge(id, {
        subject: operator.subject,
        name: operator.name,
      });
      if (!done) notFound(`No unacknowledged alert for transfer ${id}.`);
      res.status(204).end();
    },
  );

  // After /transfers/elsewhere: that path is the alerts, not a transfer named "elsewhere".
  router.get('/transfers/:id', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const id = transferId(req.params.id);
    await deps.companion.require('activity');
    const transfer = await readTransfer(deps.upstream, id);
    if (!transfer) notFound(`The service knows no transfer ${id}.`);
    const [item] = await withOrigins(ledger(), [transfer]);
    const body: TransferDetailResponse = item!;
    res.json(body);
  });

  router.get('/reconciliation', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const query = parsed(ReconciliationQuerySchema.safeParse(req.query));
    const to = query.to ?? new Date().toISOString();
    const from =
      query.from ?? new Date(Date.parse(to) - RECONCILIATION_DEFAULT_DAYS * DAY_MS).toISOString();
    if (Date.parse(from) > Date.parse(to))
      throw badRequest('from is after to.', [{ path: 'from', message: 'Must not be after to' }]);
    await deps.companion.require('activity');
    res.json(
      await reconcile(
        { upstream: deps.upstream, ledger: ledger(), logger: deps.logger },
        { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
      ),
    );
  });

  return router;
}
