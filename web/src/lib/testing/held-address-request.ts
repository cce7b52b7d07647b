import type { ApprovalRequest } from '#contract/approvals';

/**
 * A pending approval request for a new ETHEREUM address (what the look-alike check reads as a
 * held address), for tests: the nickname is left out when not given; `overrides` replace members.
 */
export function heldAddressRequest(
  id: string,
  address: string,
  nickname?: string,
  overrides: Partial<ApprovalRequest> = {},
): ApprovalRequest {
  return {
    id,
    kind: 'address',
    status: 'pending',
    target: `ETHEREUM:${address.toLowerCase()}:`,
    initiator: { subject: 'op-2', name: 'Mallory Maybe' },
    created_at: '2026-03-01T12:00:00.000Z',
    expires_at: '2999-01-01T00:00:00.000Z',
    required_approvals: 1,
    reason: 'new address',
    approvals: [],
    history: [],
    address: {
      request: { crypto_network: 'ETHEREUM', address, ...(nickname ? { nickname } : {}) },
      change: 'new',
      diff: [],
    },
    ...overrides,
  };
}
