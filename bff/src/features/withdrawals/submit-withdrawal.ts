import type { ApprovalPolicy, HeldForApprovalResponse } from '#contract/approvals';
import { fieldErrorsFromZod } from '#contract/problem';
import { requestHash } from '#contract/request-hash';
import type { Environment } from '#contract/session';
import { AWAITING_APPROVAL } from '#contract/withdrawal-outcome';
import {
  createSubmitWithdrawalRequestSchema,
  type SubmitWithdrawalRequest,
  type Transfer,
} from '#contract/withdrawals';
import type { Operator } from '#bff/auth/operator';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import { attributionOf, stampAttribution } from '#bff/four-eyes/attribution';
import type { DestinationRegistry } from '#bff/gate/destination-registry';
import { createWithdrawalGate } from '#bff/gate/withdrawal-gate';
import { badRequest } from '#bff/http/http-problem';
import type { Logger } from '#bff/logger';
import type { ApprovalStore } from '#bff/store/approval-port';
import type { AuditLog } from '#bff/store/audit-log-port';
import type { WithdrawalLedger } from '#bff/store/withdrawal-ledger-port';
import type { WithdrawalWindow } from '#bff/store/withdrawal-window-port';
import type { UsdPriceReader } from '#bff/upstream/usd-price-reader';
import { heldAnswer, holdWithdrawal } from './hold-withdrawal';
import type { FeeQuoteMemory } from '#bff/gate/fee-quote-gate';
import type { SubmitResult } from './submit-result';
import { auditOutcome, createSubmitAudit, type SubmitAudit } from './withdrawal-audit';
import type { WithdrawalSubmitter } from './withdrawal-submitter';
import { operatorRef } from '#contract/operator-ref';

export interface SubmitWithdrawalDeps {
  environment: Environment;
  store: {
    ledger: WithdrawalLedger;
    audit: AuditLog;
    approvals?: ApprovalStore | undefined;
    withdrawalWindow?: WithdrawalWindow | undefined;
  };
  config: {
    /** Four eyes (absent: nothing is held). */
    approvalPolicy?: ApprovalPolicy | undefined;
    approvalAttribution?: 'subject' | 'email' | undefined;
  };
  /** The one view of a destination the gate reads (absent: no destination is refused). */
  destinations?: DestinationRegistry | undefined;
  /** Told when a withdrawal is held for approval (the webhook), never awaited. */
  approvalNotifier?: ApprovalNotifier | undefined;
  /** The service's prices, for the policy's USD rules (absent: a USD rule holds, fail safe). */
  usdPrices?: UsdPriceReader | undefined;
  logger: Logger;
  /** The app's one submitter (the last approval sends through it too). */
  submitter: WithdrawalSubmitter;
  /** The fee quotes this BFF handed out: a fee_id is checked against its quote before sending. */
  feeQuotes?: FeeQuoteMemory | undefined;
}

/**
 * A row of a withdrawal batch whose one approval was approved (issue 28): the gate does not hold
 * it again, and its approvers are stamped in its metadata as a held withdrawal's are.
 */
interface ApprovedBatchCover {
  approvalId: string;
  approvers: string[];
}

/** What the route answers: held for approval (202), or the transfer (200). */
export type SubmitAnswer =
  | { status: 202; body: HeldForApprovalResponse }
  | { status: 200; body: Transfer; replayed: boolean; mismatch?: string[] | undefined };

/** One submit as the audit trail and the held / sent steps see it. */
interface SubmitCase {
  request: SubmitWithdrawalRequest;
  hash: string;
  operator: Operator;
  requestId: string;
  initiator: string;
  cover?: ApprovedBatchCover | undefined;
}

/**
 * POST /api/withdrawals, apart from HTTP: the body checked once with the contract's schema, then
 * the gate (refused, held for approval, or sent), then the submitter; one audit event per attempt
 * whatever came of it. Refusals and unknown outcomes are thrown as problems.
 */
export function createSubmitWithdrawal(deps: SubmitWithdrawalDeps) {
  const { store, logger } = deps;
  const schema = createSubmitWithdrawalRequestSchema({
    allowTestnet: deps.environment.allow_testnet,
  });
  const gate = createWithdrawalGate({
    ledger: store.ledger,
    approvals: store.approvals,
    destinations: deps.destinations,
    policy: deps.config.approvalPolicy,
    prices: deps.usdPrices,
    window: store.withdrawalWindow,
    feeQuotes: deps.feeQuotes,
  });
  const audit = createSubmitAudit(store.audit, logger);
  const send = createSend(deps, audit);

  return async function submitWithdrawal(
    body: unknown,
    operator: Operator,
    requestId: string,
    /** Only the batch sender gives it, for a row of an approved batch. */
    cover?: ApprovedBatchCover,
  ): Promise<SubmitAnswer> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const refId = (body as { ref_id?: unknown } | undefined)?.ref_id;
      await audit({
        operator,
        requestId,
        target: typeof refId === 'string' ? refId.slice(0, 128) : '',
        hash: requestHash(body ?? null),
        outcome: 'rejected',
      });
      throw badRequest('The withdrawal request is not valid.', fieldErrorsFromZod(parsed.error));
    }
    const request = parsed.data;
    const hash = requestHash(request);
    const target = request.ref_id;
    const decision = await gate(request, operator, cover !== undefined);
    if (decision.verdict === 'refuse') {
      await audit({ operator, requestId, target, hash, outcome: decision.auditOutcome });
      throw decision.problem;
    }
    const initiator = attributionOf(operator, deps.config.approvalAttribution ?? 'subject');
    if (decision.verdict === 'hold' && store.approvals && deps.config.approvalPolicy) {
      const held = await holdWithdrawal(
        {
          approvals: store.approvals,
          policy: deps.config.approvalPolicy,
          audit: store.audit,
          submitAudit: audit,
          logger,
          approvalNotifier: deps.approvalNotifier,
        },
        { request, hash, operator, initiator, requestId, requirement: decision.requirement },
      );
      if (held) return { status: 202, body: held };
    }
    return send({ request, hash, operator, requestId, initiator, cover });
  };
}

/** Sends a withdrawal the gate let through: its attribution stamped, the submitter, the audit. */
function createSend(deps: SubmitWithdrawalDeps, audit: SubmitAudit) {
  const { logger } = deps;
  return async function send(submit: SubmitCase): Promise<SubmitAnswer> {
    const { request, hash, operator, requestId, initiator } = submit;
    const target = request.ref_id;
    const { body: sentRequest, hashed } = stampAttribution(request, {
      initiator,
      approvers: submit.cover?.approvers ?? [],
      requestId,
    });
    if (hashed.length > 0)
      logger.warn(
        { ref_id: target, keys: hashed, initiator },
        'attribution too long for the service metadata: sent as a hash',
      );
    let result: SubmitResult;
    try {
      result = await deps.submitter.submit(request, {
        operator: operatorRef(operator),
        requestId,
        sentRequest,
      });
    } catch (error) {
      // The ledger itself failed (nothing reached the upstream before the intent was recorded).
      await audit({ operator, requestId, target, hash, outcome: 'error' });
      throw error;
    }
    await audit({
      operator,
      requestId,
      target,
      hash,
      outcome: auditOutcome(result),
      upstreamStatus: result.upstreamStatus,
    });
    return answerOf(result, deps.store.approvals);
  };
}

/** The answer for what the submitter came to: a refusal or an unknown outcome is thrown. */
async function answerOf(
  result: SubmitResult,
  approvals: ApprovalStore | undefined,
): Promise<SubmitAnswer> {
  if (result.kind === AWAITING_APPROVAL) {
    if (!approvals) throw new Error('a held withdrawal without an approval store');
    return { status: 202, body: await heldAnswer(approvals, result.approvalId) };
  }
  if (result.kind !== 'created') throw result.problem;
  return {
    status: 200,
    body: result.transfer,
    replayed: result.replayed,
    mismatch: result.mismatch,
  };
}
