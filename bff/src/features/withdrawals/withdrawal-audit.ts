import { AWAITING_APPROVAL, type SubmitOutcome } from '#contract/withdrawal-outcome';
import type { OperatorRef } from '#contract/operator-ref';
import type { Operator } from '#bff/auth/operator';
import { recordAudit } from '#bff/lib/record-audit';
import type { Logger } from '#bff/logger';
import type { AuditLog } from '#bff/store/audit-log-port';
import type { SubmitResult } from './submit-result';

const WITHDRAWAL_SUBMIT_ACTION = 'withdrawal.submit';

/**
 * A withdrawal.submit event's outcome: a submit outcome, or what the audit trail tells apart
 * within one (contract/audit.ts lists them).
 */
type WithdrawalAuditOutcome =
  | SubmitOutcome
  | 'replayed'
  | 'created-mismatch'
  /** Asked again while held for approval. */
  | 'held'
  /** The ref_id was used for a different request (422). */
  | 'conflict'
  | 'destination-held'
  /** Refused for its destination: not allowlisted, or rejected by an address approver. */
  | 'destination-refused'
  /** The BFF's own validation refused it. */
  | 'rejected'
  /** The ledger failed before anything reached the upstream. */
  | 'error';

/** The audit outcome of what a submit (or an approved send) came to. */
export function auditOutcome(result: SubmitResult): WithdrawalAuditOutcome {
  if (result.kind === 'created' && result.mismatch) return 'created-mismatch';
  if (result.kind === AWAITING_APPROVAL) return AWAITING_APPROVAL;
  if (result.kind === 'created') return result.replayed ? 'replayed' : 'created';
  if (result.refIdReused) return 'conflict';
  return result.kind;
}

interface SubmitAuditEvent {
  operator: Operator;
  requestId: string;
  /** The ref_id (clipped from an invalid body, or empty). */
  target: string;
  hash: string;
  outcome: WithdrawalAuditOutcome;
  upstreamStatus?: number | undefined;
  /** An approved send: its approvers (the operator is the initiator). */
  approvedBy?: OperatorRef[] | undefined;
}

/**
 * One withdrawal.submit event per write attempt, whatever came of it (the route's and the last
 * approval's send alike); its failure never hides the answer.
 */
export type SubmitAudit = (event: SubmitAuditEvent) => Promise<void>;

export function createSubmitAudit(audit: AuditLog, logger: Logger): SubmitAudit {
  return (event) =>
    recordAudit(
      { audit, logger },
      {
        operator_subject: event.operator.subject,
        operator_name: event.operator.name,
        roles: event.operator.roles,
        action: WITHDRAWAL_SUBMIT_ACTION,
        target: event.target,
        request_hash: event.hash,
        outcome: event.outcome,
        ...(event.upstreamStatus !== undefined ? { upstream_status: event.upstreamStatus } : {}),
        request_id: event.requestId,
        ...(event.approvedBy ? { approved_by: event.approvedBy } : {}),
      },
    );
}
