import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, it, vi } from 'vitest';
import type { ApprovalRequest } from '#contract/approvals';
import { consoleClient, renderPage } from '#web-test/render-page';
import { meResponse } from '../lib/testing/me-response';
import { PendingCount } from './pending-count';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ME = { subject: 'op-1', name: 'Olive' };
const OTHER = { subject: 'op-2', name: 'Pat' };

const request = (id: string, over: Partial<ApprovalRequest>): ApprovalRequest => ({
  id,
  kind: 'withdrawal',
  status: 'pending',
  target: `ref-${id}`,
  initiator: OTHER,
  created_at: '2026-11-24T10:00:00.000Z',
  expires_at: '2999-01-01T00:00:00.000Z',
  required_approvals: 2,
  reason: 'BTC above 5',
  approvals: [],
  history: [],
  ...over,
});

// The nav counted every pending request: an initiator saw their own requests as waiting for them.
describe('PendingCount', () => {
  it('counts only the requests this operator may approve', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          requests: [
            request('mine', { initiator: ME }),
            request('theirs', {}),
            request('approved-by-me', {
              approvals: [{ operator: ME, at: '2026-11-24T10:01:00Z' }],
            }),
            request('address', { kind: 'address' }),
          ],
        }),
      ),
    );
    // A withdrawal approver, not an address approver.
    const session = meResponse(ME, ['viewer', 'withdrawal-initiator', 'withdrawal-approver']);
    renderPage(<PendingCount />, { session, client: consoleClient(), suspense: true });
    await screen.findByText(', 1 waiting for your decision');
  });
});
