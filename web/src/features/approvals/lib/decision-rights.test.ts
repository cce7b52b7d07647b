import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '#contract/approvals';
import { ROLES } from '#contract/session';
import { decisionRights } from './decision-rights';

const NOW = Date.parse('2030-01-01T00:00:00Z');

function request(overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    id: 'apr_1',
    kind: 'withdrawal',
    status: 'pending',
    target: 'ref-1',
    initiator: { subject: 'alice', name: 'Alice', email: 'alice@corp.test' },
    created_at: '2029-12-31T23:00:00Z',
    expires_at: '2030-01-01T01:00:00Z',
    required_approvals: 2,
    reason: 'USDG above 1000',
    approvals: [],
    history: [],
    ...overrides,
  };
}
const roles = [...ROLES];

describe('decisionRights: one person under any spelling (contract/identity.ts)', () => {
  it('offers no approval to the initiator under another spelling, and lets them cancel', () => {
    for (const me of [{ subject: 'Alice' }, { subject: 'x', email: 'ALICE@corp.test' }]) {
      const rights = decisionRights(request(), { ...me, roles }, NOW);
      expect(rights).toMatchObject({ approve: false, reject: false, cancel: true });
    }
  });

  it('offers no second approval to an approver under another spelling', () => {
    const approved = request({
      approvals: [{ operator: { subject: 'bob', name: 'Bob' }, at: '2030-01-01T00:00:00Z' }],
    });
    expect(decisionRights(approved, { subject: 'BOB', roles }, NOW).approve).toBe(false);
    expect(decisionRights(approved, { subject: 'cy', roles }, NOW).approve).toBe(true);
  });

  it('offers no decision when the logins cannot be told apart, and no cancel either', () => {
    const byId = request({ initiator: { subject: 'erin', name: 'Erin' } });
    const me = { subject: 'frank@corp.test', email: 'frank@corp.test', roles };
    expect(decisionRights(byId, me, NOW)).toMatchObject({ approve: false, cancel: false });
  });
});
