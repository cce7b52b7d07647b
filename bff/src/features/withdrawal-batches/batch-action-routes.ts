import type { Router } from 'express';
import { samePerson } from '#contract/identity';
import { approvalPerson, getOperator } from '#bff/auth/operator';
import { requireRole } from '#bff/auth/require-role';
import { HttpProblem } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import { batchIdParam, rowParam } from './batch-params';
import type { BatchRouteContext } from './batch-route-context';
import { batchView, reviewedRows } from './batch-view';
import { submitBatch } from './submit-batch';

const conflict = (detail: string) => new HttpProblem({ title: 'Conflict', status: 409, detail });

/**
 * …/:id/submit, only by who uploaded it: the rows as the gate's destination check takes them now
 * (a refused row is invalid: 409), then sent, or held as one approval request (202).
 */
function mountSubmitRoute(router: Router, ctx: BatchRouteContext): void {
  const { deps, viewDeps, batches, load, audit } = ctx;
  const { logger } = deps;
  const initiator = requireRole('withdrawal-initiator');
  router.post('/withdrawal-batches/:id/submit', initiator, async (req, res) => {
    const id = batchIdParam(req);
    const operator = getOperator(res);
    const stored = await load(id);
    if (!samePerson(stored.batch.operator, operator))
      throw new HttpProblem({
        title: 'Forbidden',
        status: 403,
        detail: 'Only who uploaded the batch submits it.',
      });
    const requestId = requestIdOf(req, res);
    // Rows the gate's destination check refuses now are invalid: Send refuses them (409).
    const reviewed = await reviewedRows(viewDeps, stored.batch, stored.rows);
    await submitBatch(
      {
        batches: batches(),
        approvals: deps.store.approvals,
        audit: deps.store.audit,
        window: deps.store.withdrawalWindow,
        policy: deps.config.approvalPolicy,
        attribution: deps.config.approvalAttribution,
        prices: deps.usdPrices,
        logger,
        approvalNotifier: deps.approvalNotifier,
      },
      { batch: stored.batch, rows: [...reviewed.rows] },
      operator,
      requestId,
    );
    const after = await load(id);
    if (after.batch.status === 'sending') ctx.wakeSender();
    if (stored.batch.status === 'draft')
      await audit(operator, 'withdrawal_batch.submit', id, after.batch.status, requestId);
    res
      .status(after.batch.status === 'awaiting_approval' ? 202 : 200)
      .json(await batchView(viewDeps, after.batch, after.rows));
  });
}

/**
 * The batch's steps (withdrawal-initiator): …/:id/submit (sent, or held as one approval request;
 * only by who uploaded it), …/pause, resume, cancel, …/rows/:row/drop (a draft's) and …/check (an
 * unknown outcome, sent again with its ref_id). A step its state does not allow is a 409.
 */
export function mountBatchActionRoutes(router: Router, ctx: BatchRouteContext): void {
  const { deps, batches, load, answer, audit } = ctx;
  const { logger } = deps;
  const initiator = requireRole('withdrawal-initiator');

  mountSubmitRoute(router, ctx);

  const step = (action: 'pause' | 'resume' | 'cancel', from: string[], to: string) =>
    router.post(`/withdrawal-batches/:id/${action}`, initiator, async (req, res) => {
      const id = batchIdParam(req);
      const stored = await load(id);
      const done =
        action === 'cancel'
          ? await batches().cancel(id, from)
          : await batches().transition(id, from, to);
      if (!done)
        throw conflict(
          `A ${stored.batch.status} batch cannot be ${action === 'cancel' ? 'cancelled' : `${action}d`}.`,
        );
      const operator = getOperator(res);
      // Its approval request, if it still waits, is withdrawn too (the initiator's right; an
      // approval of a cancelled batch would send nothing anyway).
      const approvalId = stored.batch.approvalId;
      if (action === 'cancel' && approvalId && stored.batch.status === 'awaiting_approval')
        await deps.store.approvals
          ?.decide(approvalId, {
            kind: 'cancel',
            operator: approvalPerson(operator),
            reason: 'The batch was cancelled.',
          })
          .catch((err: unknown) =>
            logger.warn({ err, approval_id: approvalId }, 'could not withdraw a batch approval'),
          );
      if (to === 'sending') ctx.wakeSender();
      await audit(operator, `withdrawal_batch.${action}`, id, to, requestIdOf(req, res));
      await answer(res, id);
    });
  step('pause', ['sending'], 'paused');
  step('resume', ['paused'], 'sending');
  step('cancel', ['draft', 'awaiting_approval', 'sending', 'paused'], 'cancelled');

  router.post('/withdrawal-batches/:id/rows/:row/drop', initiator, async (req, res) => {
    const id = batchIdParam(req);
    if (!(await batches().dropRow(id, rowParam(req))))
      throw conflict('Only a row of a batch not yet submitted can be dropped.');
    await answer(res, id);
  });

  router.post('/withdrawal-batches/:id/rows/:row/check', initiator, async (req, res) => {
    const id = batchIdParam(req);
    if ((await batches().checkAgain(id, rowParam(req))) === 0)
      throw conflict('Only a row whose outcome is unknown is checked again.');
    await answer(res, id);
  });
}
