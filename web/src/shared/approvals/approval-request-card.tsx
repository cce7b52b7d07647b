import { Link } from 'react-router';
import type { ApprovalRequest } from '#contract/approvals';
import { ApprovalHistory } from './approval-history';
import { ApprovalStatusBadge } from './approval-status-badge';
import { Card } from '#web/components/ui/card';

interface ApprovalRequestCardProps {
  request: ApprovalRequest;
  title?: string;
}

/**
 * The approval request that held a withdrawal or an address change, where that record is shown
 * (the withdrawal detail, the address editor): its status, who approved, and its history.
 */
export function ApprovalRequestCard({ request, title = 'Approval' }: ApprovalRequestCardProps) {
  return (
    <Card title={title} aria-label={title}>
      <dl className="detail-list">
        <dt>Status</dt>
        <dd>
          <ApprovalStatusBadge status={request.status} />
        </dd>
        <dt>Why approval</dt>
        <dd>{request.reason}</dd>
        <dt>Approvals</dt>
        <dd>
          {request.approvals.length} of {request.required_approvals}
          {request.approvals.length > 0 &&
            ` (${request.approvals.map((a) => a.operator.name).join(', ')})`}
        </dd>
        <dt>Request</dt>
        <dd>
          <Link to={`/approvals/${encodeURIComponent(request.id)}`}>Open the approval request</Link>
        </dd>
      </dl>
      <h3 className="approval-history-title">History</h3>
      <ApprovalHistory history={request.history} />
    </Card>
  );
}
