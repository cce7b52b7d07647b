import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApprovalPolicySchema, NO_APPROVALS_POLICY } from '#contract/approval-policy';
import type { ApprovalRequest } from '#contract/approvals';
import { addressBookEntry } from '#web/lib/testing/address-book-entry';
import { stubFetch } from '#web-test/fetch-stub';
import { consoleClient, renderPage } from '#web-test/render-page';
import { AddressMemoCard } from './address-memo-card';
import { ArchiveButton } from './archive-button';

// A memo change and bringing an archived address back are destination changes: under a policy
// that holds address changes the BFF answers 202 with the request, and the page says it waits
// (never "kept").

const STELLAR = 'GB63EL64H3EVJTUGHBLMMFDREEUJYNA32D746YXTXB7FWYZIM6O6XU2L';
const KEY = `STELLAR:${STELLAR}:`;
const entry = addressBookEntry(STELLAR, { key: KEY, crypto_network: 'STELLAR', memo: '1001' });
const AT = '2026-11-24T10:00:00.000Z';

const held = (change: 'memo' | 'restore'): ApprovalRequest => ({
  id: `apr-${change}`,
  kind: 'address',
  status: 'pending',
  target: KEY,
  initiator: { subject: 'op-1', name: 'Olive Operator' },
  created_at: AT,
  expires_at: '2999-01-01T00:00:00.000Z',
  required_approvals: 1,
  reason: change === 'memo' ? 'destination memo changed' : 'archived address brought back',
  approvals: [],
  history: [{ kind: 'requested', at: AT }],
  address: {
    request: { crypto_network: 'STELLAR', address: STELLAR },
    change,
    diff:
      change === 'memo'
        ? [{ path: 'destination_memo', before: '1001', after: '2002' }]
        : [{ path: 'archived', before: true, after: false }],
    ...(change === 'memo' ? { memo: '2002' } : {}),
  },
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
  const path = new URL(String(input), 'http://localhost').pathname;
  if (path === '/api/addresses/memo' && init?.method === 'POST')
    return json({ approval: held('memo') }, 202);
  if (path === '/api/addresses/archive' && init?.method === 'POST')
    return json({ approval: held('restore') }, 202);
  if (path.startsWith('/api/approvals/'))
    return json(path.endsWith('apr-memo') ? held('memo') : held('restore'));
  return json({ addresses: [] });
});
const POLICY = ApprovalPolicySchema.parse({
  withdrawals: { require: 'never' },
  addresses: { new_addresses: true, travel_rule_changes: true, cooling_off_minutes: 60 },
});

const renderIn = (node: React.ReactNode, policy = POLICY) => {
  const session = { roles: ['address-editor'], approval_policy: policy };
  return renderPage(node, { session, client: consoleClient() });
};

describe('held destination changes of the address book', () => {
  it('a memo change held for approval says so; the memo is not said to be kept', async () => {
    renderIn(<AddressMemoCard entry={entry} />);
    const card = screen.getByRole('region', { name: 'Memo for withdrawals' });
    fireEvent.change(within(card).getByRole('textbox', { name: 'Memo' }), {
      target: { value: '2002' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Keep this memo' }));
    const notice = await within(card).findByText('Awaiting approval');
    expect(notice).toBeTruthy();
    expect(card.textContent).toContain(
      'Nothing has changed yet. This memo change needs 1 approval',
    );
    expect(card.textContent).not.toContain('Memo 2002 kept');
    expect(
      within(card).getByRole('link', { name: 'Open the approval request' }).getAttribute('href'),
    ).toBe('/approvals/apr-memo');
  });

  it('bringing an archived address back held for approval links to its request', async () => {
    renderIn(<ArchiveButton entryKey={KEY} archived name="Exchange deposit" />);
    fireEvent.click(screen.getByRole('button', { name: 'Bring back Exchange deposit' }));
    const link = await screen.findByRole('link', { name: 'Awaiting approval' });
    expect(link.getAttribute('href')).toBe('/approvals/apr-restore');
  });

  it('archiving asks first, saying that bringing it back needs an approval and a cooling-off (issue 42, item 9)', async () => {
    const posts = vi.mocked(fetch);
    renderIn(<ArchiveButton entryKey={KEY} archived={false} name="Exchange deposit" />);
    fireEvent.click(screen.getByRole('button', { name: 'Archive Exchange deposit' }));
    const question = screen.getByRole('group', { name: 'Archive Exchange deposit?' });
    expect(question.textContent).toContain(
      "Bringing it back later needs 1 address approver's approval, then 1 h of cooling-off before it can receive withdrawals.",
    );
    expect(posts).not.toHaveBeenCalled();
    fireEvent.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(posts).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Archive Exchange deposit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Archive it' }));
    await vi.waitFor(() => expect(posts).toHaveBeenCalledTimes(1));
  });

  it('under a policy that holds no address change, says it comes back at once', () => {
    renderIn(
      <ArchiveButton entryKey={KEY} archived={false} name="Exchange deposit" />,
      NO_APPROVALS_POLICY,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Archive Exchange deposit' }));
    expect(screen.getByRole('group').textContent).toContain('You can bring it back later at once.');
  });
});
