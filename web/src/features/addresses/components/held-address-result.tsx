import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApprovalRequest } from '#contract/approvals';
import { addressChangeWords, isBookChange } from '#web/shared/approvals/address-change-words';
import { ClosedApprovalNotice } from '#web/shared/approvals/closed-approval-notice';
import { HeldForApprovalNotice } from '#web/shared/approvals/held-for-approval-notice';
import { Notice } from '#web/components/ui/notice';
import { liveApprovalQuery } from '#web/shared/approvals/approvals-api';

/**
 * The answer to a save the four-eyes policy holds, kept current while the operator waits on it:
 * awaiting approval, then what was decided and, once approved, what the service made of it.
 */
export function HeldAddressResult({
  approval,
  actions,
}: {
  approval: ApprovalRequest;
  actions?: ReactNode;
}) {
  const live = useQuery(liveApprovalQuery(approval.id, approval));
  const current = live.data ?? approval;
  const subject = addressChangeWords(current.address?.change).subject;
  const bookChange = isBookChange(current.address?.change);
  if (current.status === 'pending')
    return <HeldForApprovalNotice approval={current} subject={subject} actions={actions} />;
  if (current.status !== 'approved')
    return <ClosedApprovalNotice approval={current} subject={subject} actions={actions} />;

  const actionRow = actions && <div className="row outcome-actions">{actions}</div>;
  const approvers = current.approvals.map((a) => a.operator.name).join(', ');
  const by = approvers ? `Approved by ${approvers}.` : 'Approved.';
  // The history's "sent" line reads "refused: <the service's title>".
  const sent = [...current.history].reverse().find((e) => e.kind === 'sent');
  const refusal = sent?.detail?.replace(/^refused:\s*/, '');
  switch (current.outcome) {
    case 'created':
      return (
        <Notice tone="success" role="status" title="Approved and saved">
          <p>
            {by}{' '}
            {bookChange
              ? 'The address book keeps the change (nothing was sent to the service).'
              : 'The service saved the address; it is in the address book.'}
          </p>
          {actionRow}
        </Notice>
      );
    case 'refused':
      return (
        <Notice
          tone="danger"
          role="alert"
          title={bookChange ? 'Approved, but not made' : 'Approved, but the service refused it'}
        >
          <p>
            {by} {bookChange ? 'The address book did not take it' : 'The service refused it'}
            {refusal ? ` (${refusal})` : ''}. Nothing was saved.
          </p>
          {actionRow}
        </Notice>
      );
    case undefined:
      return (
        <Notice tone="info" role="status" title="Approved">
          <p>
            {by} The console is saving it{bookChange ? ' in the address book' : ' to the service'}…
          </p>
          {actionRow}
        </Notice>
      );
    default:
      // unknown, or a word this console does not know yet: shown as it is, never as saved.
      return (
        <Notice tone="warning" role="alert" title="Approved: outcome unknown">
          <p>
            {by} Whether the service saved it is not known ({current.outcome}). Saving the same
            address again is safe: it updates the saved one, it never adds a second.
          </p>
          {actionRow}
        </Notice>
      );
  }
}
