import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ApprovalRequest } from '#contract/approvals';
import { CopyableText } from '#web/components/ui/copy-button';
import { DateTime } from '#web/components/ui/date-time';
import { Notice } from '#web/components/ui/notice';
import { isBookChange } from './address-change-words';

interface HeldForApprovalNoticeProps {
  approval: ApprovalRequest;
  /** "withdrawal" or "address change": what is held. */
  subject: string;
  /** Cancel, start another... */
  actions?: ReactNode;
}

const people = (n: number) => (n === 1 ? '1 approval' : `${n} approvals`);

/**
 * The answer to a write the four-eyes policy holds (HTTP 202): never "Submitted" or "Created",
 * since nothing reached the service. Says who must approve, how many, until when, and links to
 * the request.
 */
export function HeldForApprovalNotice({ approval, subject, actions }: HeldForApprovalNoticeProps) {
  const missing = Math.max(approval.required_approvals - approval.approvals.length, 0);
  const role = approval.kind === 'withdrawal' ? 'Withdrawal approver' : 'Address approver';
  // A change of the console's own book (the memo, the archive) goes nowhere: it is made.
  const bookChange = approval.kind === 'address' && isBookChange(approval.address?.change);
  return (
    <Notice tone="warning" role="status" title="Awaiting approval">
      <p>
        {bookChange ? 'Nothing has changed yet.' : 'Nothing has been sent to the service yet.'} This{' '}
        {subject} needs {people(approval.required_approvals)} ({approval.reason}) from{' '}
        {approval.required_approvals === 1 ? 'someone' : 'people'} other than you with the {role}{' '}
        role{missing !== approval.required_approvals ? `; ${missing} still missing` : ''}. It is{' '}
        {bookChange ? 'made' : 'sent'} only once the last approval is given.
      </p>
      <dl className="detail-list">
        <dt>Expires</dt>
        <dd>
          <DateTime value={approval.expires_at} />{' '}
          <span className="muted small">(not sent if nobody approves it by then)</span>
        </dd>
        {approval.kind === 'withdrawal' && (
          <>
            <dt>ref_id</dt>
            <dd>
              <CopyableText value={approval.target} label="ref_id" />
            </dd>
          </>
        )}
        <dt>Request</dt>
        <dd>
          <Link to={`/approvals/${encodeURIComponent(approval.id)}`}>
            Open the approval request
          </Link>
        </dd>
      </dl>
      {actions && <div className="row outcome-actions">{actions}</div>}
    </Notice>
  );
}
