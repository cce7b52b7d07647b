import { Router, type Response } from 'express';
import { ListWithdrawalsQuerySchema, type ListWithdrawalsQuery } from '#contract/withdrawal-ledger';
import { fieldErrorsFromZod } from '#contract/problem';
import { getOperator } from '#bff/auth/operator';
import { READ_LEDGER_ROLES, requireRole } from '#bff/auth/require-role';
import { badRequest, HttpProblem } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import { InvalidCursorError } from '#bff/store/cursor';
import { exportLedgerCsv } from './export-ledger';
import { refIdParam } from './ref-id-param';
import {
  createSubmitWithdrawal,
  type SubmitAnswer,
  type SubmitWithdrawalDeps,
} from './submit-withdrawal';

/** The ledger's filters (list and export): a 400 problem naming the fields otherwise. */
function parseLedgerQuery(raw: unknown): ListWithdrawalsQuery {
  const query = ListWithdrawalsQuerySchema.safeParse(raw);
  if (!query.success)
    throw badRequest('The filters are not valid.', fieldErrorsFromZod(query.error));
  return query.data;
}

/** The HTTP answer of a submit: replays and mismatches are told in headers. */
function sendSubmitAnswer(res: Response, answer: SubmitAnswer): void {
  if (answer.status === 202) {
    res.status(202).json(answer.body);
    return;
  }
  if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
  // The ledger flags it too (transfer_mismatch): the fields the created transfer differs in.
  if (answer.mismatch) res.setHeader('Transfer-Mismatch', answer.mismatch.join(', '));
  res.status(200).json(answer.body);
}

/**
 * POST /api/withdrawals (withdrawal-initiator): submit, exactly once per ref_id.
 * GET /api/withdrawals and /api/withdrawals/:ref_id (viewer): the ledger, newest first;
 * GET /api/withdrawals.csv: every record the filters match.
 */
export function createWithdrawalsRouter(deps: SubmitWithdrawalDeps): Router {
  const { store } = deps;
  const submitWithdrawal = createSubmitWithdrawal(deps);
  const router = Router();

  router.post('/withdrawals', requireRole('withdrawal-initiator'), async (req, res) => {
    const operator = getOperator(res);
    sendSubmitAnswer(res, await submitWithdrawal(req.body, operator, requestIdOf(req, res)));
  });

  router.get('/withdrawals', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const query = parseLedgerQuery(req.query);
    try {
      res.json(await store.ledger.list(query));
    } catch (error) {
      if (error instanceof InvalidCursorError)
        throw badRequest(error.message, [{ path: 'cursor', message: error.message }]);
      throw error;
    }
  });

  // Every record the filters match, as CSV (not under /withdrawals/: a ref_id may be any name).
  router.get(
    '/withdrawals.csv',
    requireRole(...READ_LEDGER_ROLES),
    exportLedgerCsv(store.ledger, parseLedgerQuery, deps.logger),
  );

  router.get('/withdrawals/:ref_id', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const refId = refIdParam(req);
    const record = await store.ledger.get(refId);
    if (!record) {
      throw new HttpProblem({
        title: 'Not Found',
        status: 404,
        detail: `No withdrawal with ref_id ${refId} is in the ledger.`,
      });
    }
    res.json(record);
  });

  return router;
}
