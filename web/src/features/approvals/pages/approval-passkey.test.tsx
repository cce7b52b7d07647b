import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_APPROVALS_POLICY, type ApprovalRequest } from '#contract/approvals';
import type { Passkey } from '#contract/passkeys';
import { meResponse } from '#web/lib/testing/me-response';
import { approvalRequest, REQUESTED_BY_OLIVE } from '#web-test/approval-request';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { consoleClient, renderPage } from '#web-test/render-page';
import { ApprovalPage } from './approval-page';

// Issue 29: where the policy requires a passkey, an approver without one is told how to enrol
// before deciding; one with a key is told which key will sign; the vote says which key signed it.

const request = approvalRequest({
  kind: 'address',
  target: 'ETHEREUM:0xabc:',
  reason: 'new address',
  history: REQUESTED_BY_OLIVE,
  address: { request: { crypto_network: 'ETHEREUM', address: '0xabc' }, change: 'new', diff: [] },
});

const KEY: Passkey = {
  id: 'cred-1',
  name: 'YubiKey 5C',
  owner: { subject: 'op-2', name: 'op-2' },
  created_at: '2026-11-23T09:00:00.000Z',
};

const fetchMock = stubFetch();

function renderWith(approval: ApprovalRequest, passkeys: Passkey[], required = true) {
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/approvals/apr-1') return json(approval);
    if (url.pathname === '/api/passkeys') return json({ passkeys });
    if (url.pathname.startsWith('/api/destinations')) return json({ look_alikes: [] });
    throw new Error(`unexpected ${url.pathname}`);
  });
  const me = meResponse({ subject: 'op-2', name: 'op-2' }, ['viewer', 'address-approver']);
  return renderPage(
    { '/approvals/:id': <ApprovalPage /> },
    {
      url: '/approvals/apr-1',
      session: {
        ...me,
        approval_policy: { ...NO_APPROVALS_POLICY, approvals_require_passkey: required },
      },
      client: consoleClient(),
      suspense: true,
    },
  );
}

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
