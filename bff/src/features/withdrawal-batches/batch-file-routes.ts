import express, { type Router } from 'express';
import { BATCH_MAX_ROWS } from '#contract/batch-file';
import { ListWithdrawalBatchesQuerySchema } from '#contract/withdrawal-batches';
import { fieldErrorsFromZod } from '#contract/problem';
import type { Transfer } from '#contract/withdrawals';
import { getOperator } from '#bff/auth/operator';
import { READ_LEDGER_ROLES, requireRole } from '#bff/auth/require-role';
import { badRequest, HttpProblem } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import { InvalidCursorError } from '#bff/store/cursor';
import { batchIdParam } from './batch-params';
import { batchReportCsv } from './batch-report';
import type { BatchRouteContext } from './batch-route-context';
import { buildBatch } from './build-batch';

/** A CSV file of BATCH_MAX_ROWS rows fits well within this. */
const CSV_LIMIT = '4mb';

/**
 * POST /api/withdrawal-batches (text/csv): a file that is no batch file (its header) or has too
 * many rows is refused whole (400); else the batch and every row's validation (201; the same
 * file again: 200, as it stands).
 */
function mountUploadRoute(router: Router, ctx: BatchRouteContext): void {
  const { deps, batches, answer, audit } = ctx;
  const initiator = requireRole('withdrawal-initiator');
  router.post(
    '/withdrawal-batches',
    initiator,
    express.text({ type: 'text/csv', limit: CSV_LIMIT }),
    async (req, res) => {
      if (
        typeof req.body !== 'string' ||
        !/^text\/csv\s*(;|$)/i.test(req.headers['content-type'] ?? '')
      )
        throw new HttpProblem({
          title: 'Unsupported Media Type',
          status: 415,
          detail: 'Send the file as text/csv.',
        });
      const operator = getOperator(res);
      const built = await buildBatch(req.body, {
        operator,
        environment: deps.environment,
        ...(deps.resolveProfile ? { resolveProfile: deps.resolveProfile } : {}),
      });
      // Not a batch file at all (its header): refused whole, nothing kept.
      if (built.batch.fileErrors.length > 0)
        throw badRequest(
          'The file is not a withdrawal batch file: its header names the wrong columns.',
          built.batch.fileErrors.map((e) => ({
            path: `line ${e.line}${e.column ? `, ${e.column}` : ''}`,
            message: e.message,
          })),
        );
      if (built.rows.length > BATCH_MAX_ROWS)
        throw badRequest(`A batch has at most ${BATCH_MAX_ROWS} rows.`, [
          { path: 'file', message: `${built.rows.length} rows` },
        ]);
      const { inserted } = await batches().create(built.batch, built.rows);
      if (inserted)
        await audit(
          operator,
          'withdrawal_batch.upload',
          built.batch.id,
          'draft',
          requestIdOf(req, res),
        );
      // The same file again is the same batch: answered as it stands.
      await answer(res, built.batch.id, inserted ? 201 : 200);
    },
  );
}

/**
 * POST /api/withdrawal-batches (text/csv): the batch and every row's validation (201; the same
 * file again: 200, as it stands). GET /api/withdrawal-batches (the list, newest first), …/:id and
 * …/:id/report.csv (every ledger role).
 */
export function mountBatchFileRoutes(router: Router, ctx: BatchRouteContext): void {
  const { deps, batches, load, answer } = ctx;
  mountUploadRoute(router, ctx);

  // The way back to a batch whose page was left (or whose browser closed while it was sent).
  router.get('/withdrawal-batches', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const query = ListWithdrawalBatchesQuerySchema.safeParse(req.query);
    if (!query.success)
      throw badRequest('The filters are not valid.', fieldErrorsFromZod(query.error));
    try {
      res.json(await batches().list(query.data));
    } catch (error) {
      if (error instanceof InvalidCursorError)
        throw badRequest(error.message, [{ path: 'cursor', message: error.message }]);
      throw error;
    }
  });

  router.get('/withdrawal-batches/:id', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    await answer(res, batchIdParam(req));
  });

  router.get(
    '/withdrawal-batches/:id/report.csv',
    requireRole(...READ_LEDGER_ROLES),
    async (req, res) => {
      const id = batchIdParam(req);
      const stored = await load(id);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="withdrawal-batch-${id}.csv"`);
      // Each created row's transfer as the ledger holds it now (its status refreshed as it settles).
      const transfers = new Map<string, Transfer>();
      for (const row of stored.rows) {
        if (row.transferId === undefined || !deps.store.ledger) continue;
        const transfer = (await deps.store.ledger.get(row.refId))?.transfer;
        if (transfer) transfers.set(row.refId, transfer);
      }
      res.send(batchReportCsv(stored.rows, transfers));
    },
  );
}
