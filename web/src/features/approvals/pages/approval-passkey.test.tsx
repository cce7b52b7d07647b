import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_APPROVALS_POLICY, type ApprovalRequest } from '#contract/approvals';
import type { Passkey } from '#contract/passkeys';
import { createQueryClient } from '#web/lib/query-client';
import { meResponse } from '#web/lib/testing/me-response';
import { ApprovalPage } from './approval-page';

// Issue 29: where the policy requires a passkey, an approver without one is told how to enrol
// before deciding; one with a key is told which key will sign; the vote says which key signed it.

const request: ApprovalRequest = {
  id: 'apr-1',
  kind: 'address',
  status: 'pending',
  target: 'ETHEREUM:0xabc:',
  initiator: { subject: 'op-1', name: 'Olive Operator' },
  created_at: '2026-11-23T10:00:00.000Z',
  expires_at: '2999-01-01T00:00:00.000Z',
  required_approvals: 1,
  reason: 'new address',
  approvals: [],
  history: [
    {
      kind: 'requested',
      at: '2026-11-23T10:00:00.000Z',
      operator: { subject: 'op-1', name: 'Olive Operator' },
    },
  ],
  address: { request: { crypto_network: 'ETHEREUM', address: '0xabc' }, change: 'new', diff: [] },
};

const KEY: Passkey = {
  id: 'cred-1',
  name: 'YubiKey 5C',
  owner: { subject: 'op-2', name: 'op-2' },
  created_at: '2026-11-23T09:00:00.000Z',
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

function renderWith(approval: ApprovalRequest, passkeys: Passkey[], required = true) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/approvals/apr-1') return json(approval);
      if (url.pathname === '/api/passkeys') return json({ passkeys });
      if (url.pathname.startsWith('/api/destinations')) return json({ look_alikes: [] });
      throw new Error(`unexpected ${url.pathname}`);
    }),
  );
  const client = createQueryClient({ onBackgroundError: () => undefined });
  const me = meResponse({ subject: 'op-2', name: 'op-2' }, ['viewer', 'address-approver']);
  client.setQueryData(['me'], {
    ...me,
    approval_policy: { ...NO_APPROVALS_POLICY, approvals_require_passkey: required },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/approvals/apr-1']}>
        <Suspense fallback="loading">
          <Routes>
            <Route path="/approvals/:id" element={<ApprovalPage />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ApprovalPage with approvals_require_passkey', () => {
  it('offers an approver without a passkey "Enrol a passkey" (and back), not an Approve that can only be refused', async () => {
    renderWith(request, []);
    const decision = await screen.findByRole('region', { name: 'Decision' });
    await within(decision).findByText('Enrol a passkey to decide');
    expect(
      within(decision).getByRole('link', { name: 'Enrol a passkey' }).getAttribute('href'),
    ).toBe('/passkeys?back=%2Fapprovals%2Fapr-1');
    // Issue 42, item 4: Approve and Reject answered 403 Passkey Required.
    expect(within(decision).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(decision).queryByRole('button', { name: /^Reject/ })).toBeNull();
  });

  it('names the key that will sign for an approver who has one', async () => {
    renderWith(request, [KEY]);
    const decision = await screen.findByRole('region', { name: 'Decision' });
    await within(decision).findByText(/ask your passkey \(YubiKey 5C\)/);
    expect(within(decision).queryByText('Enrol a passkey to decide')).toBeNull();
  });

  it('says nothing of passkeys when the policy does not require them', async () => {
    renderWith(request, [], false);
    const decision = await screen.findByRole('region', { name: 'Decision' });
    within(decision).getByRole('button', { name: 'Approve' });
    expect(within(decision).queryByText(/passkey/i)).toBeNull();
  });

  it('shows which key signed each decision in the history', async () => {
    renderWith(
      {
        ...request,
        history: [
          ...request.history,
          {
            kind: 'approved',
            at: '2026-11-23T11:00:00.000Z',
            operator: { subject: 'op-3', name: 'Pat Approver' },
            signed_with: { credential_id: 'cred-9', key_name: 'Pat laptop' },
          },
        ],
      },
      [KEY],
    );
    const history = await screen.findByRole('region', { name: 'History' });
    within(history).getByText(/signed with Pat laptop/);
  });
});
