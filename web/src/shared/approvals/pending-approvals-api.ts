import { queryOptions } from '@tanstack/react-query';
import { ListApprovalDecisionFactsResponseSchema } from '#contract/approval-core';
import type { ListApprovalsQuery } from '#contract/approvals';
import { apiGet } from '#web/lib/api-client';

// What the shell reads of the approvals on every page (the navigation's pending count), apart
// from approvals-api.ts: that module's schemas (the whole request, its withdrawal and address
// bodies, the address checksums) are about 15 KB brotli the first page does not need. The query
// keys and the look-again interval live here so that both share them (approvals-api.ts re-exports
// them); the type-only import of contract/approvals costs nothing at run time.

export type ApprovalFilters = Pick<
  ListApprovalsQuery,
  'status' | 'kind' | 'initiator' | 'older_than_minutes' | 'target'
>;

export const approvalKeys = {
  all: ['approvals'] as const,
  list: (filters: ApprovalFilters, cursor: string | undefined, limit: number) =>
    ['approvals', 'list', filters, cursor ?? '', limit] as const,
  detail: (id: string) => ['approvals', 'detail', id] as const,
  /** The pending requests read for their decision facts only (not a list page's data). */
  pendingFacts: (limit: number) => ['approvals', 'pending-facts', limit] as const,
  /** What the service received for a decided withdrawal (null: none to read). */
  sentWithdrawal: (refId: string | null) => ['approvals', 'sent-withdrawal', refId] as const,
  /** The approver's fresh fee quotes: each asking makes a new quote upstream. */
  feeQuotes: ['approvals', 'fee-quote'] as const,
  feeQuote: (request: object | null) => [...approvalKeys.feeQuotes, request] as const,
};

/**
 * How often the pending count and the queue look again while open (paused in a hidden tab): new
 * requests come from other people, and both show them within a minute, together.
 */
export const APPROVALS_LOOK_AGAIN_MS = 60_000;

/** The pending requests, pending first, each read for what decides who may act on it. */
export function pendingApprovalFactsQuery(limit: number) {
  return queryOptions({
    queryKey: approvalKeys.pendingFacts(limit),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/approvals',
        ListApprovalDecisionFactsResponseSchema,
        { status: 'pending', limit },
        signal,
      ),
  });
}
