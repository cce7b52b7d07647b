import { useQuery } from '@tanstack/react-query';
import { ApprovalRequestCard } from '#web/shared/approvals/approval-request-card';
import { Notice } from '#web/components/ui/notice';
import { liveApprovalQuery } from '#web/shared/approvals/approvals-api';

/** The approval request a ledger record was held by: who asked, who approved, when. */
export function RecordApproval({ approvalId }: { approvalId: string }) {
  // Read again while it waits for a decision, so the card and the record above agree.
  const query = useQuery(liveApprovalQuery(approvalId));
  if (query.isPending) return <p className="muted">Reading the approval request…</p>;
  if (query.isError)
    return (
      <Notice tone="warning" title="The approval request could not be read">
        {query.error.message}
      </Notice>
    );
  return <ApprovalRequestCard request={query.data} />;
}
