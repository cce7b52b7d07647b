import { Router, type Request, type Response } from 'express';
import {
  ApproveApprovalRequestSchema,
  CancelApprovalRequestSchema,
  ListApprovalsQuerySchema,
  RejectApprovalRequestSchema,
  type ApprovalKind,
  type ApprovalPolicy,
  type HeldForApprovalResponse,
} from '#contract/approvals';
import { fieldErrorsFromZod } from '#contract/problem';
import type { Role } from '#contract/session';
import { auditApproval, type ApprovalAuditAction } from '#bff/four-eyes/approval-audit';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import { attributionOf, stampAttribution } from '#bff/four-eyes/attribution';
import { destinationRefusal } from '#bff/four-eyes/destination-gate';
import { getOperator, type Operator } from '#bff/auth/operator';
import { READ_LEDGER_ROLES, requireRole } from '#bff/auth/require-role';
import type { OperatorRef } from '#contract/ledger';
import { badRequest, HttpProblem } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import type { Logger } from '#bff/logger';
import { InvalidCursorError } from '#bff/store/cursor';
import type { ApprovalStore, AuditLog, DecisionResult, StoredApproval } from '#bff/store/ports';
import { sweepExpiredApprovals } from './expiry-sweeper';

type Submission = NonNullable<HeldForApprovalResponse['submission']>;

/** What the last approval does, wired by the app from the withdrawals and addresses features. */
export interface ApprovalSenders {
  /** Sends a held withdrawal whose ledger record this approval claimed (attempt). */
  withdrawal(args: {
    refId: string;
    body: Record<string, unknown>;
    attempt: number;
    requestId: string;
    operator: Operator;
  }): Promise<Submission>;
  /** Saves a held address upstream (the PUT as the initiator asked it). */
  address(args: {
    request: Record<string, unknown>;
    savedBy: OperatorRef;
    operator: Operator;
    requestId: string;
  }): Promise<Submission>;
}

export interface ApprovalsRouterDeps {
  store: { approvals?: ApprovalStore; audit: AuditLog };
  config: {
    approvalPolicy: ApprovalPolicy;
    approvalAttribution: 'subject' | 'email';
    /** The withdrawal attempt's lease, as the submitter takes it (attemptLeaseMs). */
    attemptLeaseMs: number;
  };
  logger: Logger;
  senders: ApprovalSenders;
  approvalNotifier?: ApprovalNotifier;
}

const APPROVER_ROLE: Record<ApprovalKind, Role> = {
  withdrawal: 'withdrawal-approver',
  address: 'address-approver',
};

function notFound(id: string): HttpProblem {
  return new HttpProblem({
    title: 'Not Found',
    status: 404,
    detail: `No approval request ${id}.`,
  });
}

/**
 * The four-eyes queue and its decisions. GET /api/approvals and /api/approvals/:id (every role
 * that reads the ledger); POST /api/approvals/:id/approve and /reject (the approver role of the
 * request's kind, never on one's own request); POST /api/approvals/:id/cancel (its initiator).
 */
export function createApprovalsRouter(deps: ApprovalsRouterDeps): Router {
  const { logger } = deps;
  const router = Router();

  const storeOf = (): ApprovalStore => {
    if (!deps.store.approvals)
      throw new HttpProblem({
        title: 'Not Found',
        status: 404,
        detail: 'This BFF keeps no approvals.',
      });
    return deps.store.approvals;
  };
  const idOf = (req: Request): string => {
    const id = String(req.params.id ?? '');
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw notFound(id.slice(0, 64));
    return id;
  };
  const actor = (operator: Operator) => ({ subject: operator.subject, roles: operator.roles });
  const ref = (operator: Operator): OperatorRef => ({
    subject: operator.subject,
    name: operator.name,
  });

  /** Expiry is seen by every read: a request whose time ran out reads as expired at once. */
  const sweep = (req: Request, res: Response) =>
    sweepExpiredApprovals({
      approvals: storeOf(),
      audit: deps.store.audit,
      logger,
      requestId: requestIdOf(req, res),
      ...(deps.approvalNotifier ? { notifier: deps.approvalNotifier } : {}),
    });

  async function load(id: string): Promise<StoredApproval> {
    const stored = await storeOf().get(id);
    if (!stored) throw notFound(id);
    return stored;
  }

  /** The refusal of a decision as a problem, audited like the decision would have been. */
  async function refuse(
    result: Exclude<DecisionResult, { refused?: undefined }>,
    context: {
      action: ApprovalAuditAction;
      operator: Operator;
      stored: StoredApproval;
      requestId: string;
      verb: string;
    },
  ): Promise<never> {
    const { stored, requestId, operator } = context;
    const audit = (outcome: string, action = context.action) =>
      auditApproval(deps.store.audit, logger, {
        action,
        actor: actor(operator),
        approval: stored.approval,
        outcome,
        requestId,
      });
    switch (result.refused) {
      case 'not_found':
        throw notFound(stored.approval.id);
      case 'expired':
        // The decision found it expired: that expiry is recorded (and told) like a sweep's.
        await auditApproval(deps.store.audit, logger, {
          action: 'approval.expire',
          actor: actor(operator),
          approval: result.approval.approval,
          outcome: 'expired',
          requestId,
        });
        deps.approvalNotifier?.notify('decided', result.approval.approval);
        throw new HttpProblem({
          title: 'Conflict',
          status: 409,
          detail: `This request expired at ${result.approval.approval.expires_at}: it can no longer be ${context.verb}; nothing was sent.`,
          approval_status: 'expired',
        });
      case 'not_pending':
        await audit(`refused-${result.status}`);
        throw new HttpProblem({
          title: 'Conflict',
          status: 409,
          detail: `This request is ${result.status}: it can no longer be ${context.verb}.`,
          approval_status: result.status,
        });
      case 'self':
        await audit('refused-self');
        throw new HttpProblem({
          title: 'Forbidden',
          status: 403,
          detail:
            context.action === 'approval.reject'
              ? 'You cannot reject your own request: cancel it instead.'
              : 'Self-approval is not allowed: another person must approve your request.',
        });
      case 'twice':
        await audit('refused-twice');
        throw new HttpProblem({
          title: 'Conflict',
          status: 409,
          detail: 'You have already approved this request: another person must approve it.',
        });
      case 'not_initiator':
        await audit('refused-not-initiator');
        throw new HttpProblem({
          title: 'Forbidden',
          status: 403,
          detail: 'Only the person who made the request may cancel it.',
        });
    }
  }

  function requireApproverFor(operator: Operator, kind: ApprovalKind): void {
    const role = APPROVER_ROLE[kind];
    if (!operator.roles.includes(role))
      throw new HttpProblem({
        title: 'Forbidden',
        status: 403,
        detail: `Deciding a ${kind} request needs the ${role} role.`,
      });
  }

  router.get('/approvals', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const query = ListApprovalsQuerySchema.safeParse(req.query);
    if (!query.success)
      throw badRequest('The filters are not valid.', fieldErrorsFromZod(query.error));
    await sweep(req, res);
    try {
      res.json(await storeOf().list(query.data));
    } catch (error) {
      if (error instanceof InvalidCursorError)
        throw badRequest(error.message, [{ path: 'cursor', message: error.message }]);
      throw error;
    }
  });

  router.get('/approvals/:id', requireRole(...READ_LEDGER_ROLES), async (req, res) => {
    const id = idOf(req);
    await sweep(req, res);
    res.json((await load(id)).approval);
  });

  router.post('/approvals/:id/approve', async (req, res) => {
    const operator = getOperator(res);
    const requestId = requestIdOf(req, res);
    const id = idOf(req);
    const body = ApproveApprovalRequestSchema.safeParse(req.body ?? {});
    if (!body.success)
      throw badRequest('The approval is not valid.', fieldErrorsFromZod(body.error));
    const stored = await load(id);
    const { approval } = stored;
    requireApproverFor(operator, approval.kind);

    const withdrawal = approval.withdrawal as
      { crypto_network?: unknown; destination_address?: unknown } | undefined;
    if (
      approval.kind === 'withdrawal' &&
      approval.status === 'pending' &&
      typeof withdrawal?.crypto_network === 'string' &&
      typeof withdrawal.destination_address === 'string'
    ) {
      // The destination must be approved (and out of its cooling-off) when the money leaves.
      const refusal = await destinationRefusal(storeOf(), {
        crypto_network: withdrawal.crypto_network,
        destination_address: withdrawal.destination_address,
      });
      if (refusal) {
        await auditApproval(deps.store.audit, logger, {
          action: 'approval.approve',
          actor: actor(operator),
          approval,
          outcome: 'refused-destination',
          requestId,
        });
        throw refusal;
      }
    }

    const feeId = body.data.fee_id;
    const result = await storeOf().decide(id, {
      kind: 'approve',
      operator: ref(operator),
      attribution: attributionOf(operator, deps.config.approvalAttribution),
      ...(approval.kind === 'withdrawal' && approval.withdrawal
        ? {
            sentRequest: (approvers: string[]) => {
              const { fee_id: initiatorFeeId, ...held } = approval.withdrawal as Record<
                string,
                unknown
              > & { metadata?: Record<string, string> };
              // The approver's quote, or none (null), or else the initiator's as held.
              const fee = feeId === null ? undefined : feeId !== undefined ? feeId : initiatorFeeId;
              const request = { ...held, ...(fee !== undefined ? { fee_id: fee } : {}) };
              const { body: sent, hashed } = stampAttribution(request, {
                initiator: stored.initiatorAttribution,
                approvers,
                requestId: stored.requestId,
              });
              if (hashed.length > 0)
                logger.warn(
                  { ref_id: approval.target, keys: hashed, approvers },
                  'attribution too long for the service metadata: sent as a hash',
                );
              return sent;
            },
            claim: { requestId, leaseMs: deps.config.attemptLeaseMs },
          }
        : {}),
    });
    if (result.refused !== undefined)
      return refuse(result, {
        action: 'approval.approve',
        operator,
        stored,
        requestId,
        verb: 'approved',
      });

    await auditApproval(deps.store.audit, logger, {
      action: 'approval.approve',
      actor: actor(operator),
      approval: result.approval.approval,
      outcome: result.approval.approval.status,
      requestId,
    });
    let submission: Submission | undefined;
    if (result.send) {
      submission = await deps.senders.withdrawal({
        refId: approval.target,
        body: result.send.body,
        attempt: result.send.attempt,
        requestId,
        operator,
      });
    } else if (approval.kind === 'address' && result.approval.approval.status === 'approved') {
      submission = await sendAddress(stored, operator, requestId);
    }
    if (submission) {
      await storeOf()
        .recordSent(id, submission.outcome, describe(submission))
        .catch((error: unknown) =>
          logger.error({ err: error, approval_id: id }, 'could not record what was sent'),
        );
    }
    const after = (await storeOf().get(id)) ?? result.approval;
    if (after.approval.status !== 'pending')
      deps.approvalNotifier?.notify('decided', after.approval);
    const answer: HeldForApprovalResponse = {
      approval: after.approval,
      ...(submission ? { submission } : {}),
    };
    res.status(200).json(answer);
  });

  async function sendAddress(
    stored: StoredApproval,
    operator: Operator,
    requestId: string,
  ): Promise<Submission> {
    const address = stored.approval.address;
    if (!address) return { outcome: 'unknown' };
    const submission = await deps.senders.address({
      request: address.request,
      savedBy: stored.approval.initiator,
      operator,
      requestId,
    });
    const minutes = deps.config.approvalPolicy.addresses.cooling_off_minutes;
    if (submission.outcome === 'created' && minutes > 0) {
      await storeOf()
        .startCoolingOff(stored.approval.target, minutes)
        .catch((error: unknown) =>
          logger.error(
            { err: error, approval_id: stored.approval.id, alert: 'record_not_written' },
            'could not start the cooling-off of an approved address',
          ),
        );
    }
    return submission;
  }

  router.post('/approvals/:id/reject', async (req, res) => {
    const operator = getOperator(res);
    const requestId = requestIdOf(req, res);
    const id = idOf(req);
    const body = RejectApprovalRequestSchema.safeParse(req.body ?? {});
    if (!body.success)
      throw badRequest('The rejection is not valid.', fieldErrorsFromZod(body.error));
    const stored = await load(id);
    requireApproverFor(operator, stored.approval.kind);
    const result = await storeOf().decide(id, {
      kind: 'reject',
      operator: ref(operator),
      reason: body.data.reason,
    });
    if (result.refused !== undefined)
      return refuse(result, {
        action: 'approval.reject',
        operator,
        stored,
        requestId,
        verb: 'rejected',
      });
    await auditApproval(deps.store.audit, logger, {
      action: 'approval.reject',
      actor: actor(operator),
      approval: result.approval.approval,
      outcome: 'rejected',
      requestId,
    });
    deps.approvalNotifier?.notify('decided', result.approval.approval);
    const answer: HeldForApprovalResponse = { approval: result.approval.approval };
    res.status(200).json(answer);
  });

  router.post('/approvals/:id/cancel', async (req, res) => {
    const operator = getOperator(res);
    const requestId = requestIdOf(req, res);
    const id = idOf(req);
    const body = CancelApprovalRequestSchema.safeParse(req.body ?? {});
    if (!body.success)
      throw badRequest('The cancellation is not valid.', fieldErrorsFromZod(body.error));
    const stored = await load(id);
    const reason = body.data.reason?.trim();
    const result = await storeOf().decide(id, {
      kind: 'cancel',
      operator: ref(operator),
      ...(reason ? { reason } : {}),
    });
    if (result.refused !== undefined)
      return refuse(result, {
        action: 'approval.cancel',
        operator,
        stored,
        requestId,
        verb: 'cancelled',
      });
    await auditApproval(deps.store.audit, logger, {
      action: 'approval.cancel',
      actor: actor(operator),
      approval: result.approval.approval,
      outcome: 'cancelled',
      requestId,
    });
    deps.approvalNotifier?.notify('decided', result.approval.approval);
    const answer: HeldForApprovalResponse = { approval: result.approval.approval };
    res.status(200).json(answer);
  });

  return router;
}

/** One line for the request's history: what sending it came to. */
function describe(submission: Submission): string {
  if (submission.outcome === 'created') {
    const id = submission.transfer?.id;
    return typeof id === 'string' ? `sent: transfer ${id}` : 'sent';
  }
  const title = submission.problem?.title;
  return `${submission.outcome}${typeof title === 'string' ? `: ${title}` : ''}`;
}
