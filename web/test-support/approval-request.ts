import type { ApprovalRequest } from '#contract/approvals';

/**
 * An approval request as the BFF answers it, for tests: apr-1, a pending withdrawal (ref-1) that
 * Olive Operator asked for, needing one approval, never expiring; `overrides` replace members
 * (the withdrawal or address it holds among them).
 */
export function approvalRequest(overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    id: 'apr-1',
    kind: 'withdrawal',
    status: 'pending',
    target: 'ref-1',
    initiator: { subject: 'op-1', name: 'Olive Operator' },
    created_at: '2026-11-23T10:00:00.000Z',
    expires_at: '2999-01-01T00:00:00.000Z',
    required_approvals: 1,
    reason: 'ETH above 1',
    approvals: [],
    history: [],
    ...overrides,
  };
}

/** The history's first entry: Olive Operator asked at the request's creation time. */
export const REQUESTED_BY_OLIVE: ApprovalRequest['history'] = [
  {
    kind: 'requested',
    at: '2026-11-23T10:00:00.000Z',
    operator: { subject: 'op-1', name: 'Olive Operator' },
  },
];
