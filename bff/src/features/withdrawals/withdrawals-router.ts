import { refIdParam } from './ref-id-param';
import { Router, type Response } from 'express';
import {
  withdrawalApprovalRequirement,
  type ApprovalPolicy,
  type HeldForApprovalResponse,
} from '#contract/approvals';
import { ListWithdrawalsQuerySchema } from '#contract/ledger';
import { fieldErrorsFromZod } from '#contract/problem';
import type { Environment } from '#contract/session';
import { createSubmitWithdrawalRequestSchema } from '#contract/withdrawals';
import { getOperator, type Operator } from '#bff/auth/operator';
import { READ_LEDGER_ROLES, requireRole } from '#bff/auth/require-role';
import type { UpstreamTuning } from '#bff/config';
import { badRequest, HttpProblem } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import { persistWithRetry } from '#bff/lib/persist-with-retry';
import { requestHash } from '#bff/lib/request-hash';
import type { Logger } from '#bff/logger';
import { InvalidCursorError } from '#bff/store/cursor';
import type { ApprovalStore, AuditLog, WithdrawalLedger } from '#bff/store/ports';
import { auditApproval } from '#bff/four-eyes/approval-audit';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import {
  attributionOf,
  operatorMetadataErrors,
  stampAttribution,
} from '#bff/four-eyes/attribution';
import { destinationRefusal } from '#bff/four-eyes/destination-gate';
import { newApprovalId } from '#bff/four-eyes/new-approval-id';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import { createTransferReader } from './transfer-reader';
import { createWithdrawalSubmitter, intentHash, type SubmitResult } from './withdrawal-submitter';

export interface WithdrawalsRouterDeps {
  environment: Environment;
  store: { ledger: WithdrawalLedger; audit: AuditLog; approvals?: ApprovalStore };
  upstream: UpstreamClient;
  config: {
    upstreamTuning: UpstreamTuning;
    /** Four eyes (absent: nothing is held). */
    approvalPolicy?: ApprovalPolicy;
    approvalAttribution?: 'subject' | 'email';
  };
  /** Told when a withdrawal is held for approval (the webhook), never awaited. */
  approvalNotifier?: ApprovalNotifier;
  logger: Logger;
  /** With the transfer read granted, unknown outcomes are resolved by reading by ref_id. */
  companion?: CompanionFeatureGate;
}

export const WITHDRAWAL_SUBMIT_ACTION = 'withdrawal.submit';

export function transferLookup(companion: CompanionFeatureGate, upstream: UpstreamClient) {
  const reader = createTransferReader(upstream);
  return {
    enabled: async () => (await companion.state('transfer_status')).enabled,
    byRefId: (refId: string) => reader.byRefId(refId),
  };
}

export function auditOutcome(result: SubmitResult): string {
  if (result.kind === 'created' && result.mismatch) return 'created-mismatch';
  if (result.kind === 'held') return 'awaiting_approval';
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
    const requestId = requestIdOf(req, res);
    // The console's attribution keys are its own, and take three of the service's six pairs.
    const metadataErrors = operatorMetadataErrors(request.metadata);
    if (metadataErrors.length > 0) {
      await audit(operator, res, { target: request.ref_id, hash, outcome: 'rejected' });
      throw badRequest('The withdrawal metadata is not valid.', metadataErrors);
    }
    const approvals = store.approvals;
    const policy = deps.config.approvalPolicy;
    const initiator = attributionOf(operator, deps.config.approvalAttribution ?? 'subject');
    const operatorRef = { subject: operator.subject, name: operator.name };
    if (approvals) {
      // A destination held for approval (or cooling off) receives nothing. An intent recorded
      // before it was held is the ledger's to answer (a replay, a check again of an unknown
      // outcome), except one the service refused: sending it again is a new try, so it waits
      // like a new withdrawal (it once went through inside the cooling-off).
      const refusal = await destinationRefusal(approvals, request);
      const recorded = refusal ? await store.ledger.get(request.ref_id) : undefined;
      if (refusal && (recorded === undefined || recorded.status === 'refused')) {
        await audit(operator, res, { target: request.ref_id, hash, outcome: 'destination-held' });
        throw refusal;
      }
    }
    const held = async (approvalId: string, fresh: boolean) => {
      const stored = await approvals!.get(approvalId);
      if (!stored) throw new Error(`approval ${approvalId} is not recorded`);
      await audit(operator, res, {
        target: request.ref_id,
        hash,
        outcome: fresh ? 'awaiting_approval' : 'held',
      });
      if (fresh) {
        await auditApproval(store.audit, logger, {
          action: 'approval.request',
          actor: { subject: operator.subject, roles: operator.roles },
          approval: stored.approval,
          outcome: 'pending',
          requestId,
        });
        deps.approvalNotifier?.notify('requested', stored.approval);
      }
      const body: HeldForApprovalResponse = { approval: stored.approval };
      res.status(202).json(body);
    };
    const requirement =
      approvals && policy ? withdrawalApprovalRequirement(policy, request) : undefined;
    if (approvals && policy && requirement) {
      const outcome = await approvals.holdWithdrawal(
        { refId: request.ref_id, operator: operatorRef, requestHash: intentHash(request), request },
        {
          id: newApprovalId(),
          kind: 'withdrawal',
          target: request.ref_id,
          initiator: operatorRef,
          initiatorAttribution: initiator,
          requestId,
          requiredApprovals: requirement.approvals,
          reason: requirement.reason,
          payload: request,
          ttlMinutes: policy.request_ttl_minutes,
        },
      );
      if (outcome.inserted) return held(outcome.approval.approval.id, true);
      const record = outcome.record;
      if (record.request_hash !== intentHash(request) && record.request_hash !== hash) {
        await audit(operator, res, { target: request.ref_id, hash, outcome: 'conflict' });
        throw new HttpProblem({
          title: 'Unprocessable Content',
          status: 422,
          detail: `The ref_id ${request.ref_id} was already used for a different withdrawal request. A retry must send the same request; a new withdrawal needs a new ref_id.`,
          ref_id: request.ref_id,
        });
      }
      if (
        record.approval_id !== undefined &&
        (record.status === 'awaiting_approval' || record.status === 'not_sent')
      )
        return held(record.approval_id, false);
      // Otherwise the ledger already holds it as sent (or sent under an earlier policy): the
      // submitter answers from the record or checks it again with the same ref_id.
    }
    const { body: sentRequest, hashed } = stampAttribution(request, {
      initiator,
      approvers: [],
      requestId,
    });
    if (hashed.length > 0)
      logger.warn(
        { ref_id: request.ref_id, keys: hashed, initiator },
        'attribution too long for the service metadata: sent as a hash',
      );
    let result: SubmitResult;
    try {
      result = await submitter.submit(request, {
        operator: operatorRef,
        requestId,
        sentRequest,
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
    if (result.kind === 'held') {
      if (!approvals) throw new Error('a held withdrawal without an approval store');
      const stored = await approvals.get(result.approvalId);
      if (!stored) throw new Error(`approval ${result.approvalId} is not recorded`);
      const body: HeldForApprovalResponse = { approval: stored.approval };
      res.status(202).json(body);
      return;
    }
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
