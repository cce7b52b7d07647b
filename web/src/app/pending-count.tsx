import { useQuery } from '@tanstack/react-query';
import { decisionRights } from '../features/approvals/lib/decision-rights';
import {
  APPROVALS_LOOK_AGAIN_MS,
  pendingApprovalFactsQuery,
} from '../shared/approvals/pending-approvals-api';
import { useMe } from '../lib/session';

/**
 * How many requests wait for this operator's decision: pending ones they may approve (not their
 * own, not one they approved already, with the approver role for its kind). It counted every
 * pending request, so an initiator saw their own requests as work waiting for them. It reads the
 * requests' decision facts only (contract/approval-core.ts): it is part of every page's shell.
 * Null when none wait; with a "+" when more wait than its one read of 100 holds.
 */
export function usePendingApprovalCount(): string | null {
  const me = useMe();
  const pending = useQuery({
    ...pendingApprovalFactsQuery(100),
    refetchInterval: APPROVALS_LOOK_AGAIN_MS,
  });
  const operator = { ...me.operator, roles: me.roles };
  const count =
    pending.data?.requests.filter((request) => decisionRights(request, operator).approve).length ??
    0;
  if (count === 0) return null;
  return pending.data?.next_cursor ? `${count}+` : String(count);
}

/** The count as a badge beside "Approvals"; a screen reader hears what it counts. */
export function PendingCount() {
  const text = usePendingApprovalCount();
  if (!text) return null;
  return (
    <>
      <span className="nav-count" aria-hidden="true">
        {text}
      </span>
      <span className="visually-hidden">, {text} waiting for your decision</span>
    </>
  );
}
