import type { ApprovalRequest } from '#contract/approvals';
import { requestHash } from '#contract/request-hash';
import { recordAudit } from '../lib/record-audit';
import type { Logger } from '../logger';
import type { AuditLog } from '../store/audit-log-port';

export type ApprovalAuditAction =
  | 'approval.request'
  | 'approval.approve'
  | 'approval.reject'
  | 'approval.cancel'
  | 'approval.expire';

/** Who caused an approval event: a person, or the BFF itself (an expiry found by a sweep). */
interface AuditActor {
  subject: string;
  /** The display name, when known (the operator filter finds events by it). */
  name?: string | undefined;
  roles: string[];
}

/** The BFF itself, in the audit trail (e.g. expiring a request nobody decided in time). */
export const SYSTEM_ACTOR: AuditActor = { subject: 'system', roles: [] };

/**
 * One audit event per step of a request's life (asked, approved, rejected, cancelled, expired,
 * and refused attempts at them): target is the withdrawal's ref_id or the address book key, the
 * outcome the request's status after it (or why it was refused). Never throws.
 */
export async function auditApproval(
  audit: AuditLog,
  logger: Logger,
  fields: {
    action: ApprovalAuditAction;
    actor: AuditActor;
    approval: Pick<ApprovalRequest, 'id' | 'target' | 'kind'> & {
      withdrawal?: unknown;
      address?: unknown;
    };
    outcome: string;
    requestId: string;
    /** The passkey that signed the decision (its credential id). */
    passkeyId?: string | undefined;
  },
): Promise<void> {
  const { approval } = fields;
  await recordAudit(
    { audit, logger },
    {
      operator_subject: fields.actor.subject,
      operator_name: fields.actor.name,
      roles: fields.actor.roles,
      action: fields.action,
      target: approval.target,
      request_hash: requestHash(approval.withdrawal ?? approval.address ?? approval.id),
      outcome: fields.outcome,
      request_id: fields.requestId,
      ...(fields.passkeyId !== undefined ? { passkey_id: fields.passkeyId } : {}),
    },
    { approval_id: approval.id },
  );
}
