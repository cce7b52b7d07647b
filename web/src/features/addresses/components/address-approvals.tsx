import { useQuery } from '@tanstack/react-query';
import { ApprovalRequestCard } from '../../../components/ui/approval-request-card';
import { approvalsListQuery } from '../../../lib/approvals-api';

/**
 * The latest approval request of a saved address (a held new address, a Travel Rule change), with
 * its history: who asked, who approved, when. Nothing when it never needed one.
 */
export function AddressApprovals({ entryKey }: { entryKey: string }) {
  const query = useQuery(approvalsListQuery({ kind: 'address', target: entryKey }, undefined, 5));
  const latest = query.data?.requests[0];
  if (!latest) return null;
  return <ApprovalRequestCard request={latest} title="Approval of this address" />;
}
