import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '#contract/approvals';
import { approvalRequest } from '#web-test/approval-request';
import { stubFetch } from '#web-test/fetch-stub';
import { consoleClient, renderPage } from '#web-test/render-page';
import { ApprovalsPage } from './approvals-page';

const base = approvalRequest({
  id: 'apr-pending-1',
  expires_at: '2026-11-24T10:00:00.000Z',
  required_approvals: 2,
  reason: 'BTC above 5',
  approvals: [{ operator: { subject: 'op-2', name: 'Pat' }, at: '2026-11-23T10:01:00.000Z' }],
  withdrawal: {
    asset: 'BTC',
    amount: '6',
    crypto_network: 'BITCOIN',
    destination_address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  },
});
const address: ApprovalRequest = {
  ...base,
  id: 'apr-address-2',
  kind: 'address',
  status: 'approved',
  target: 'ETHEREUM:0xabc',
  required_approvals: 1,
  reason: 'new address',
  withdrawal: undefined,
  address: {
    request: { crypto_network: 'ETHEREUM', address: '0xabc', nickname: 'Cold wallet' },
    change: 'new',
    diff: [],
  },
};

const fetchMock = stubFetch(async () =>
  Response.json({ requests: [base, address], next_cursor: 'c2' }, { status: 200 }),
);
const listCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/approvals');

const renderQueue = (entry = '/approvals') =>
  renderPage(<ApprovalsPage />, { url: entry, client: consoleClient(), suspense: true });

describe('ApprovalsPage', () => {
  it('lists requests with their status, what they are, approvals so far and a link', async () => {
    renderQueue();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Awaiting approval');
    expect(rows[1]!.textContent).toContain('6 BTC');
    expect(rows[1]!.textContent).toContain('1 of 2');
    expect(rows[1]!.textContent).toContain('Olive Operator');
    expect(rows[2]!.textContent).toContain('Approved');
    expect(rows[2]!.textContent).toContain('Cold wallet');
    expect(
      within(rows[1]!)
        .getByRole('link', { name: /Withdrawal/ })
        .getAttribute('href'),
    ).toBe('/approvals/apr-pending-1');
  });

  it('filters by kind, status, age and initiator, and pages with the cursor', async () => {
    renderQueue();
    await screen.findByRole('table');
    const filters = screen.getByRole('form', { name: 'Filter approval requests' });
    fireEvent.change(within(filters).getByRole('combobox', { name: 'Kind' }), {
      target: { value: 'address' },
    });
    fireEvent.change(within(filters).getByRole('combobox', { name: 'Status' }), {
      target: { value: 'pending' },
    });
    fireEvent.change(within(filters).getByRole('combobox', { name: 'Age' }), {
      target: { value: '60' },
    });
    fireEvent.change(within(filters).getByRole('textbox', { name: /Initiator/ }), {
      target: { value: 'olive' },
    });
    fireEvent.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    await vi.waitFor(() => {
      const last = listCalls().at(-1)!;
      expect(last.searchParams.get('kind')).toBe('address');
      expect(last.searchParams.get('status')).toBe('pending');
      expect(last.searchParams.get('older_than_minutes')).toBe('60');
      expect(last.searchParams.get('initiator')).toBe('olive');
    });
    const next = (await screen.findByRole('button', { name: 'Next' })) as HTMLButtonElement;
    await vi.waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(next);
    await vi.waitFor(() => expect(listCalls().at(-1)!.searchParams.get('cursor')).toBe('c2'));
  });

  it('says when nothing matches', async () => {
    fetchMock.mockImplementation(async () => Response.json({ requests: [] }));
    renderQueue('/approvals?status=rejected');
    await screen.findByText('No approval requests match');
  });

  // The queue was read once: a request made meanwhile showed in the nav count, not in the list.
  it('looks again every minute while open, so new requests show without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderQueue();
      await screen.findByRole('table');
      const before = listCalls().length;
      fetchMock.mockImplementation(async () =>
        Response.json({ requests: [{ ...base, id: 'apr-new-3', target: 'ref-new' }, base] }),
      );
      await vi.advanceTimersByTimeAsync(61_000);
      expect(listCalls().length).toBe(before + 1);
      await screen.findByText(/apr.new/);
    } finally {
      vi.useRealTimers();
    }
  });
});
