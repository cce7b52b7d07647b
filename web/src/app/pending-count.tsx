import { useQuery } from '@tanstack/react-query';
import { APPROVALS_LOOK_AGAIN_MS, approvalsListQuery } from '../lib/approvals-api';

/** How many requests wait for a decision (shown to approvers; initiators follow their own). */
export function PendingCount() {
  const pending = useQuery({
    ...approvalsListQuery({ status: 'pending' }, undefined, 100),
    refetchInterval: APPROVALS_LOOK_AGAIN_MS,
  });
  const count = pending.data?.requests.length ?? 0;
  if (count === 0) return null;
  const text = pending.data?.next_cursor ? `${count}+` : String(count);
  return (
    <>
      <span className="nav-count" aria-hidden="true">
        {text}
      </span>
      <span className="visually-hidden">, {text} pending</span>
    </>
  );
}
