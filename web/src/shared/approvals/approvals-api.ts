import { queryOptions } from '@tanstack/react-query';
import {
  ApprovalRequestSchema,
  HeldForApprovalResponseSchema,
  ListApprovalsResponseSchema,
  type ApprovalRequest,
} from '#contract/approvals';
import type { DecisionPasskey } from '#contract/passkeys';
import { apiGet, apiRequest } from '#web/lib/api-client';
import { pollDelayMs } from '#web/lib/poll-delay';
import { approvalKeys, type ApprovalFilters } from './pending-approvals-api';

// The approval requests are read by several features (the queue and decision pages, the new
// withdrawal's held result and look-alike check, the address editor, the withdrawal detail):
// their calls and query keys live here, in one place, since features do not import each other.
// The keys, the filters and the look-again interval are in pending-approvals-api.ts (the shell's
// lean read of the pending requests), re-exported here.

export {
  approvalKeys,
  APPROVALS_LOOK_AGAIN_MS,
  type ApprovalFilters,
} from './pending-approvals-api';

export function approvalsListQuery(
  filters: ApprovalFilters,
  cursor: string | undefined,
  limit = 50,
) {
  return queryOptions({
    queryKey: approvalKeys.list(filters, cursor, limit),
    queryFn: ({ signal }) =>
      apiGet('/api/approvals', ListApprovalsResponseSchema, { ...filters, cursor, limit }, signal),
  });
}

export function approvalDetailQuery(id: string) {
  return queryOptions({
    queryKey: approvalKeys.detail(id),
    queryFn: ({ signal }) =>
      apiGet(`/api/approvals/${encodeURIComponent(id)}`, ApprovalRequestSchema, undefined, signal),
  });
}

/** Whether a request can still change: waiting for a person, or approved and still being sent. */
const approvalStillChanging = (approval: ApprovalRequest | undefined): boolean =>
  approval?.status === 'pending' || (approval?.status === 'approved' && !approval.outcome);

/**
 * A request as someone waits on it (the initiator's held result, the ledger's record): read
 * again with backoff while it can still change and the tab is visible, then no more. `initial`:
 * the request as the page already has it (the 202's), shown until the first read.
 */
export function liveApprovalQuery(id: string, initial?: ApprovalRequest) {
  return queryOptions({
    ...approvalDetailQuery(id),
    ...(initial ? { initialData: initial } : {}),
    refetchInterval: (query) =>
      approvalStillChanging(query.state.data) ? pollDelayMs(query.state.dataUpdateCount) : false,
    refetchIntervalInBackground: false,
  });
}

/** Approve, reject (a reason is required) or cancel (the initiator's own request). */
export type ApprovalDecision =
  /**
   * fee_id: the approver's fresh fee quote, sent in place of the initiator's; null: none could be
   * had, so the initiator's is left out too (the network fee at sending applies).
   */
  | { action: 'approve'; fee_id?: string | null; passkey?: DecisionPasskey }
  | { action: 'reject'; reason: string; passkey?: DecisionPasskey }
  | { action: 'cancel'; reason?: string };

export async function decideApproval(id: string, decision: ApprovalDecision) {
  const signed =
    decision.action !== 'cancel' && decision.passkey ? { passkey: decision.passkey } : {};
  const body =
    decision.action === 'approve'
      ? { ...(decision.fee_id !== undefined ? { fee_id: decision.fee_id } : {}), ...signed }
      : decision.action === 'reject'
        ? { reason: decision.reason, ...signed }
        : decision.reason
          ? { reason: decision.reason }
          : {};
  const { data } = await apiRequest(`/api/approvals/${encodeURIComponent(id)}/${decision.action}`, {
    method: 'POST',
    body,
    schema: HeldForApprovalResponseSchema,
  });
  return data;
}
