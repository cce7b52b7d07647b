import type { Request } from 'express';
import type { ApprovalPolicy, ApprovalRequest, ApprovalSubmission } from '#contract/approvals';
import type { OperatorRef } from '#contract/operator-ref';
import type { Operator } from '#bff/auth/operator';
import { auditApproval, type ApprovalAuditAction } from '#bff/four-eyes/approval-audit';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import type { BackgroundTasks } from '#bff/lib/background-tasks';
import type { DestinationRegistry } from '#bff/gate/destination-registry';
import type { FeeQuoteMemory } from '#bff/gate/fee-quote-gate';
import { HttpProblem } from '#bff/http/http-problem';
import type { Logger } from '#bff/logger';
import type { ApprovalStore, StoredApproval } from '#bff/store/approval-port';
import type { AuditLog } from '#bff/store/audit-log-port';
import type { PasskeyStore } from '#bff/store/passkey-port';
import type { UsdPriceReader } from '#bff/upstream/usd-price-reader';
import { sweepExpiredApprovals } from './expiry-sweeper';

/** What the last approval does, wired by the app from the withdrawals and addresses features. */
/** An approved send is its initiator's withdrawal, agreed to by its approvers. */
export interface ApprovedAttribution {
  initiator: OperatorRef;
  approvers: OperatorRef[];
}

interface ApprovalSenders {
  /** Sends a held withdrawal whose ledger record this approval claimed (attempt). */
  withdrawal(args: {
    refId: string;
    body: Record<string, unknown>;
    attempt: number;
    requestId: string;
    operator: Operator;
    /** Whose withdrawal it is and who approved it (its audit event names them). */
    attribution: ApprovedAttribution;
  }): Promise<ApprovalSubmission>;
  /**
   * Finishes an approved withdrawal whose approver stopped before recording what came of it
   * (read by ref_id first; undefined while another attempt holds it).
   */
  resumeWithdrawal(args: {
    refId: string;
    requestId: string;
    operator: Operator;
    attribution: ApprovedAttribution;
  }): Promise<ApprovalSubmission | undefined>;
  /**
   * Makes an approved address change: a PUT saved upstream as the initiator asked it (an upsert,
   * so a resend saves the same), or a change of the book's own record of the entry `target` (its
   * memo, bringing it back from the archive: made again, the same).
   */
  address(args: {
    change: NonNullable<ApprovalRequest['address']>;
    /** The address book key of the entry the change is of. */
    target: string;
    savedBy: OperatorRef;
    operator: Operator;
    requestId: string;
  }): Promise<ApprovalSubmission>;
}

export interface ApprovalsDeps {
  store: { approvals?: ApprovalStore; audit: AuditLog; passkeys?: PasskeyStore | undefined };
  config: {
    approvalPolicy: ApprovalPolicy;
    /** Where passkey signatures are made (four-eyes/relying-party.ts). */
    publicOrigin?: string | undefined;
    passkeyRpId?: string | undefined;
    approvalAttribution: 'subject' | 'email';
    /** The withdrawal attempt's lease, as the submitter takes it (attemptLeaseMs). */
    attemptLeaseMs: number;
  };
  logger: Logger;
  /** The one view of a destination: the last approval checks it again before money leaves. */
  destinations?: DestinationRegistry | undefined;
  /** The fee quotes this BFF handed out: the approver's fee_id is checked against its quote. */
  feeQuotes?: FeeQuoteMemory | undefined;
  /** The service's prices: a held withdrawal's worth, for the Travel Rule check before Approve. */
  usdPrices?: UsdPriceReader | undefined;
  senders: ApprovalSenders;
  approvalNotifier?: ApprovalNotifier;
  /** Where the outbox's sender runs (the runtime's); absent, nothing runs by itself. */
  background?: BackgroundTasks | undefined;
}

export function notFound(id: string): HttpProblem {
  return new HttpProblem({
    title: 'Not Found',
    status: 404,
    detail: `No approval request ${id}.`,
  });
}

/** The request's id from the path: a 404 for anything that cannot be one. */
export function approvalIdOf(req: Request): string {
  const id = String(req.params.id ?? '');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw notFound(id.slice(0, 64));
  return id;
}

/**
 * What every operation on the four-eyes queue shares: the store (a 404 when this BFF keeps no
 * approvals), loading a request, the expiry sweep every read runs, the audit event of each step
 * and the notifier.
 */
export function createApprovalService(deps: ApprovalsDeps) {
  const { logger } = deps;

  const approvals = (): ApprovalStore => {
    if (!deps.store.approvals)
      throw new HttpProblem({
        title: 'Not Found',
        status: 404,
        detail: 'This BFF keeps no approvals.',
      });
    return deps.store.approvals;
  };

  return {
    deps,
    approvals,

    async load(id: string): Promise<StoredApproval> {
      const stored = await approvals().get(id);
      if (!stored) throw notFound(id);
      return stored;
    },

    /** Expiry is seen by every read: a request whose time ran out reads as expired at once. */
    sweep: (requestId: string) =>
      sweepExpiredApprovals({
        approvals: approvals(),
        audit: deps.store.audit,
        logger,
        requestId,
        ...(deps.approvalNotifier ? { notifier: deps.approvalNotifier } : {}),
      }),

    /** One audit event for a step of the request's life (or a refused attempt at one). */
    audit: (
      action: ApprovalAuditAction,
      operator: Operator,
      approval: ApprovalRequest,
      outcome: string,
      requestId: string,
      passkeyId?: string,
    ) =>
      auditApproval(deps.store.audit, logger, {
        action,
        actor: { subject: operator.subject, roles: operator.roles },
        approval,
        outcome,
        requestId,
        passkeyId,
      }),

    /** Tells the notifier and this process's background jobs a request was decided (never awaited). */
    notifyDecided: (approval: ApprovalRequest) => {
      deps.background?.decided?.();
      deps.approvalNotifier?.notify('decided', approval);
    },
  };
}

export type ApprovalService = ReturnType<typeof createApprovalService>;
