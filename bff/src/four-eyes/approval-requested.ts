import type { ApprovalRequest } from '#contract/approvals';
import type { Logger } from '../logger';
import type { AuditLog } from '../store/audit-log-port';
import { auditApproval } from './approval-audit';
import type { ApprovalNotifier } from './approval-webhook';

/**
 * A request for approval was just written (a held withdrawal, address change or batch): its
 * approval.request audit event (outcome pending), then the approvers' notification. One place,
 * so every kind of request is announced alike. Never throws (auditApproval does not; notify
 * queues).
 */
export async function announceApprovalRequested(
  deps: { audit: AuditLog; logger: Logger; approvalNotifier?: ApprovalNotifier | undefined },
  fields: {
    operator: { subject: string; roles: string[] };
    approval: ApprovalRequest;
    requestId: string;
  },
): Promise<void> {
  const { operator, approval, requestId } = fields;
  await auditApproval(deps.audit, deps.logger, {
    action: 'approval.request',
    actor: { subject: operator.subject, roles: operator.roles },
    approval,
    outcome: 'pending',
    requestId,
  });
  deps.approvalNotifier?.notify('requested', approval);
}
