import { useQuery } from '@tanstack/react-query';
import type { ApprovalRequest } from '#contract/approvals';
import { addressChangeWords } from '#web/shared/approvals/address-change-words';
import { ApprovalRequestCard } from '#web/shared/approvals/approval-request-card';
import { Notice } from '#web/components/ui/notice';
import { approvalsListQuery } from '#web/shared/approvals/approvals-api';
import { formatUtc } from '#web/lib/date-format';

/** How many requests of one address are read (an address rarely has more than a few). */
export const ADDRESS_APPROVALS_LIMIT = 50;

/** What was asked: the address change's kind in words (the request kind when it has none). */
function changeWords(request: ApprovalRequest): string {
  if (request.kind !== 'address') return 'Withdrawal';
  return addressChangeWords(request.address?.change).title;
}

/** Newest first by when each was asked (the list itself puts pending ones first). */
function newestFirst(requests: readonly ApprovalRequest[]): ApprovalRequest[] {
  return [...requests].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/**
 * Every approval request of a saved address (a held new address, each Travel Rule or memo change,
 * a return from the archive), newest
 * first, each as the withdrawal detail shows its own: status, why, who approved, and its history
 * (who asked and when, who decided and why). Nothing when it never needed one.
 */
export function AddressApprovals({ entryKey }: { entryKey: string }) {
  const query = useQuery(
    approvalsListQuery({ kind: 'address', target: entryKey }, undefined, ADDRESS_APPROVALS_LIMIT),
  );
  if (query.isError)
    return (
      <Notice tone="warning" title="The approval requests of this address could not be read">
        {query.error.message}
      </Notice>
    );
  const requests = newestFirst(query.data?.requests ?? []);
  if (requests.length === 0) return null;
  return (
    <div className="stack">
      {requests.map((request, index) => (
        <ApprovalRequestCard
          key={request.id}
          request={request}
          title={`${index === 0 ? 'Approval of this address' : 'Earlier approval'}: ${changeWords(
            request,
          )}, asked by ${request.initiator.name} on ${
            formatUtc(request.created_at) ?? request.created_at
          }`}
        />
      ))}
      {query.data?.next_cursor && (
        <p className="muted">
          Only the {ADDRESS_APPROVALS_LIMIT} latest requests of this address are shown; the
          approvals queue lists every one.
        </p>
      )}
    </div>
  );
}
