import { refIdParam } from './ref-id-param';
import { Router, type Response } from 'express';
import { ListWithdrawalsQuerySchema } from '../../../../contract/ledger';
import { fieldErrorsFromZod } from '../../../../contract/problem';
import type { Environment } from '../../../../contract/session';
import { createSubmitWithdrawalRequestSchema } from '../../../../contract/withdrawals';
import { getOperator, type Operator } from '../../auth/operator';
import { READ_LEDGER_ROLES, requireRole } from '../../auth/require-role';
import type { UpstreamTuning } from '../../config';
import { badRequest, HttpProblem } from '../../http/http-problem';
import { requestIdOf } from '../../http/request-id';
import { persistWithRetry } from '../../lib/persist-with-retry';
import { requestHash } from '../../lib/request-hash';
import type { Logger } from '../../logger';
import { InvalidCursorError } from '../../store/cursor';
import type { AuditLog, WithdrawalLedger } from '../../store/ports';
import type { UpstreamClient } from '../../upstream/upstream-client';
import type { CompanionFeatureGate } from '../../upstream/companion-features';
import { createTransferReader } from './transfer-reader';
import { createWithdrawalSubmitter, type SubmitResult } from './withdrawal-submitter';

export interface WithdrawalsRouterDeps {
  environment: Environment;
  store: { ledger: WithdrawalLedger; audit: AuditLog };
  upstream: UpstreamClient;
  config: { upstreamTuning: UpstreamTuning };
  logger: Logger;
  /** With the transfer read granted, unknown outcomes are resolved by reading by ref_id. */
  companion?: CompanionFeatureGate;
}

export const WITHDRAWAL_SUBMIT_ACTION = 'withdrawal.submit';

function transferLookup(companion: CompanionFeatureGate, upstream: UpstreamClient) {
  const reader = createTransferReader(upstream);
  return {
    enabled: async () => (await companion.state('transfer_status')).enabled,
    byRefId: (refId: string) => reader.byRefId(refId),
  };
}

function auditOutcome(result: SubmitResult): string {
  if (result.kind === 'created' && result.mismatch) return 'created-mismatch';
  if (result.kind === 'created') return result.replayed ? 'replayed' : 'created';
  return result.kind;
}

/**
 * POST /api/withdrawals (withdrawal-initiator): submit, exactly once per ref_id.
 * GET /api/withdrawals and /api/withdrawals/:ref_id (viewer): the ledger, newest first.
 */
export function createWithdrawalsRouter(deps: WithdrawalsRouterDeps): Router {
  const { store, logger } = deps;
  const schema = createSubmitWithdrawalRequestSchema({
    allowTestnet: deps.environment.allow_testnet,
  });
  const submitter = createWithdrawalSubmitter({
    ledger: store.ledger,
    upstream: deps.upstream,
    tuning: deps.config.upstreamTuning,
    logger,
    ...(deps.companion ? { lookup: transferLookup(deps.companion, deps.upstream) } : {}),
  });

  /** One event per write attempt, whatever came of it; its failure never hides the answer. */
  async function audit(
    operator: Operator,
    res: Response,
    fields: { target: string; hash: string; outcome: string; upstreamStatus?: number },
  ): Promise<void> {
    await persistWithRetry(
      () =>
        store.audit.append({
          operator_subject: operator.subject,
          roles: operator.roles,
          action: WITHDRAWAL_SUBMIT_ACTION,
          target: fields.target,
          request_hash: fields.hash,
          outcome: fields.outcome,
          ...(fields.upstreamStatus !== undefined
            ? { upstream_status: fields.upstreamStatus }
            : {}),
          request_id: requestIdOf(res.req, res),
        }),
      {
        logger,
        what: 'audit event',
        fields: {
          req_id: requestIdOf(res.req, res),
          action: WITHDRAWAL_SUBMIT_ACTION,
          target: fields.target,
          outcome: fields.outcome,
        },
      },
    );
  }

  const router = Router();

  router.post('/withdrawals', requireRole('withdrawal-initiator'), async (req, res) => {
    const operator = getOperator(res);
    const parsed = schema.safeParse(req.body);
    if (!parsed.success) {
      const body = req.body as { ref_id?: unknown } | undefined;
      await audit(operator, res, {
        target: typeof body?.ref_id === 'string' ? body.ref_id.slice(0, 128) : '',
        hash: requestHash(req.body ?? null),
        outcome: 'rejected',
      });
      throw badRequest('The withdrawal request is not valid.', fieldErrorsFromZod(parsed.error));
    }
    const request = parsed.data;
    const hash = requestHash(request);
    let result: SubmitResult;
    try {
      result = await submitter.submit(request, {
        operator: { subject: operator.subject, name: operator.name },
        requestId: requestIdOf(req, res),
      });
    } catch (error) {
      // The ledger itself failed (nothing reached the upstream before the intent was recorded).
      await audit(operator, res, { target: request.ref_id, hash, outcome: 'error' });
      throw error;
    }
    await audit(operator, res, {
      target: request.ref_id,
      hash,
      outcome: auditOutcome(result),
      ...(result.upstreamStatus !== undefined ? { upstreamStatus: result.upstreamStatus } : {}),
    });
    if (result.kind !== 'created') throw result.problem;
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    // The ledger flags it too (transfer_mismatch): the fields the created transfer differs in.
    if (result.mismatch) res.setHeader('Transfer-Mismatch', result.mismatch.join(', '));
    res.status(200).json(result.transfer);
  });

  router.get('/withdrawals', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const query = ListWithdrawalsQuerySchema.safeParse(req.query);
    if (!query.success)
      throw badRequest('The filters are not valid.', fieldErrorsFromZod(query.error));
    try {
      res.json(await store.ledger.list(query.data));
    } catch (error) {
      if (error instanceof InvalidCursorError)
        throw badRequest(error.message, [{ path: 'cursor', message: error.message }]);
      throw error;
    }
  });

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
