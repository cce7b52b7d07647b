import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, it, vi } from 'vitest';
import type { ApprovalRequest } from '#contract/approvals';
import { meResponse } from '../lib/testing/me-response';
import { createQueryClient } from '../lib/query-client';
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
    const client = createQueryClient({ onBackgroundError: () => undefined });
    // A withdrawal approver, not an address approver.
    client.setQueryData(
      ['me'],
      meResponse(ME, ['viewer', 'withdrawal-initiator', 'withdrawal-approver']),
    );
    render(
      <QueryClientProvider client={client}>
        <Suspense fallback="loading">
          <PendingCount />
        </Suspense>
      </QueryClientProvider>,
    );
    await screen.findByText(', 1 waiting for your decision');
  });
});
