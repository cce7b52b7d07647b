import { Link } from 'react-router';
import type { ApprovalRequest } from '#contract/approvals';
import { samePerson } from '#contract/identity';
import { ApprovalStatusBadge } from '#web/shared/approvals/approval-status-badge';
import { Card } from '#web/components/ui/card';
import { DateTime } from '#web/components/ui/date-time';
import { requestQuantity } from '#web/shared/usd-value/request-quantity';
import { UsdValueText } from '#web/shared/usd-value/usd-value-text';
import { useMe } from '#web/lib/session';
import { RoleNeededNotice } from '#web/shared/roles/role-gate';
import { approverRoleOf } from '../lib/decision-rights';

/** Up front: deciding needs the kind's approver role, which this operator does not have. */
export function DecisionRoleGate({ request }: { request: ApprovalRequest }) {
  const me = useMe();
  const role = approverRoleOf(request.kind);
  if (request.status !== 'pending' || me.roles.includes(role)) return null;
  if (samePerson(request.initiator, me.operator)) return null;
  return (
    <RoleNeededNotice
      roles={[role]}
      action="Approving or rejecting this request"
      have={me.roles}
      instead="You can read the request and its history below."
    />
  );
}

export function RequestFacts({ request }: { request: ApprovalRequest }) {
  return (
    <Card title="Request" headingLevel={2} aria-label="Request">
      <dl className="detail-list">
        <dt>Status</dt>
        <dd>
          <ApprovalStatusBadge status={request.status} />
          {request.outcome && <span className="muted small"> · outcome: {request.outcome}</span>}
        </dd>
        <dt>Why approval</dt>
        <dd>{request.reason}</dd>
        <dt>Initiator</dt>
        <dd>
          {request.initiator.name}{' '}
          <span className="muted small">({request.initiator.subject})</span>
        </dd>
        <dt>Requested</dt>
        <dd>
          <DateTime value={request.created_at} />
        </dd>
        <dt>{request.status === 'pending' ? 'Expires' : 'Was valid until'}</dt>
        <dd>
          <DateTime value={request.expires_at} />
        </dd>
        <dt>Approvals</dt>
        <dd>
          {request.approvals.length} of {request.required_approvals}
          {request.approvals.length > 0 && (
            <span className="muted small">
              {' '}
              ({request.approvals.map((a) => a.operator.name).join(', ')})
            </span>
          )}
        </dd>
        {request.kind === 'withdrawal' && (
          <>
            <dt>USD value</dt>
            <dd>
              <UsdValueText {...requestQuantity(request.withdrawal ?? {})} />
            </dd>
            <dt>Withdrawal</dt>
            <dd>
              <Link to={`/withdrawals/${encodeURIComponent(request.target)}`} className="mono">
                {request.target}
              </Link>
            </dd>
          </>
        )}
      </dl>
    </Card>
  );
}
