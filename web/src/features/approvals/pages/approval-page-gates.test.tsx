import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '#contract/approvals';
import type { Role } from '#contract/session';
import { createQueryClient } from '#web/lib/query-client';
import { meResponse } from '#web/lib/testing/me-response';
import { ApprovalPage } from './approval-page';

const pending: ApprovalRequest = {
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
};

function renderAt(path: string, roles: Role[]) {
  const client = createQueryClient({ onBackgroundError: () => undefined });
  client.setQueryData(['me'], meResponse({ subject: 'a', name: 'Ann' }, roles));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback="loading">
          <Routes>
            <Route path="/approvals/:id" element={<ApprovalPage />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Issue 42 item A: the BFF says Approve would be refused (the service would refuse it). */
const travelRuleMissing: ApprovalRequest = {
  ...pending,
  id: 'apr-tr',
  approve_refusal: {
    title: 'Travel Rule Information Required',
    detail:
      'A withdrawal worth 6,000.00 USD needs Travel Rule data (a beneficiary) on the destination 0xabc, and the service holds none',
  },
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/approvals/apr-1' || String(input) === '/api/approvals/apr-tr'
        ? new Response(
            JSON.stringify(String(input).endsWith('apr-tr') ? travelRuleMissing : pending),
            { headers: { 'Content-Type': 'application/json' } },
          )
        : new Response(
            JSON.stringify({
              type: 'about:blank',
              title: 'Not Found',
              status: 404,
              detail: 'No approval request apr-gone.',
            }),
            { status: 404, headers: { 'Content-Type': 'application/problem+json' } },
          ),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ApprovalPage gates', () => {
  it('reads like every other 404: what is missing, what to check, no "Try again"', async () => {
    renderAt('/approvals/apr-gone', ['viewer']);
    await screen.findByRole('heading', { name: 'Approval request not found' });
    screen.getByText(/The link: it must be copied whole/);
    screen.getByText(/Whether the request expired or was decided/);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says up front that deciding needs the approver role, before the review', async () => {
    renderAt('/approvals/apr-1', ['viewer']);
    const gate = await screen.findByText(
      'Approving or rejecting this request needs the Withdrawal approver role',
    );
    const facts = screen.getByRole('region', { name: 'Request' });
    // The gate comes first in the page, not after the review at the bottom.
    expect(gate.compareDocumentPosition(facts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('offers no Approve the BFF would refuse (Travel Rule data missing): says why, Reject stays', async () => {
    renderAt('/approvals/apr-tr', ['viewer', 'withdrawal-approver']);
    await screen.findByText('Cannot be approved now: Travel Rule Information Required');
    screen.getByText(/worth 6,000.00 USD needs Travel Rule data/);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    screen.getByRole('button', { name: 'Reject…' });
  });
});
