import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '#contract/approvals';
import type { AuditEvent } from '#contract/audit';
import { createLogger } from '../logger';
import type { AuditLog, NewAuditEvent } from '../store/audit-log-port';
import { announceApprovalRequested } from './approval-requested';

describe('announceApprovalRequested', () => {
  it('records approval.request (pending) and then notifies the approvers', async () => {
    const order: string[] = [];
    const events: NewAuditEvent[] = [];
    const audit: AuditLog = {
      append: async (event) => {
        order.push('audit');
        events.push(event);
        return { ...event, id: 'e1', at: new Date(0).toISOString() } as AuditEvent;
      },
      appendMany: async () => {
        throw new Error('not used');
      },
      list: async () => ({ events: [] }),
    };
    const notified: Array<[string, string]> = [];
    const approval = { id: 'apr_1', kind: 'withdrawal', target: 'ref-1' } as ApprovalRequest;
    await announceApprovalRequested(
      {
        audit,
        logger: createLogger('silent'),
        approvalNotifier: {
          notify: (event, a) => {
            order.push('notify');
            notified.push([event, a.id]);
          },
          drain: async () => undefined,
        },
      },
      {
        operator: { subject: 'alice', roles: ['withdrawal-initiator'] },
        approval,
        requestId: 'r1',
      },
    );
    expect(order).toEqual(['audit', 'notify']);
    expect(notified).toEqual([['requested', 'apr_1']]);
    expect(events[0]).toMatchObject({
      action: 'approval.request',
      operator_subject: 'alice',
      roles: ['withdrawal-initiator'],
      target: 'ref-1',
      outcome: 'pending',
      request_id: 'r1',
    });
  });
});
