import type { ReactNode } from 'react';
import type { ApprovalRequest } from '#contract/approvals';
import { Notice } from '#web/components/ui/notice';

interface ClosedApprovalNoticeProps {
  approval: ApprovalRequest;
  /** "withdrawal" or "address change": what was held. */
  subject: string;
  actions?: ReactNode;
}

/**
 * A held request that ended without reaching the service: rejected (by whom, why), cancelled or
 * expired. `null` for a request still pending or approved: those have their own answers.
 */
export function ClosedApprovalNotice({ approval, subject, actions }: ClosedApprovalNoticeProps) {
  const actionRow = actions && <div className="row outcome-actions">{actions}</div>;
  const last = (kind: string) => [...approval.history].reverse().find((e) => e.kind === kind);
  switch (approval.status) {
    case 'rejected': {
      const rejection = last('rejected');
      return (
        <Notice tone="danger" role="status" title="Rejected">
          <p>
            {rejection?.operator ? `${rejection.operator.name} rejected` : 'Someone rejected'} this{' '}
            {subject}
            {rejection?.reason ? `: “${rejection.reason}”` : ''}. Nothing was sent to the service.
          </p>
          {actionRow}
        </Notice>
      );
    }
    case 'cancelled':
      return (
        <Notice tone="info" role="status" title="Cancelled">
          <p>The {subject} was cancelled before anyone approved it. Nothing was sent.</p>
          {actionRow}
        </Notice>
      );
    case 'expired':
      return (
        <Notice tone="info" role="status" title="Expired">
          <p>Nobody approved this {subject} before it expired. Nothing was sent to the service.</p>
          {actionRow}
        </Notice>
      );
    default:
      return null;
  }
}
