import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '#contract/approvals';
import { consoleClient, renderPage } from '#web-test/render-page';
import { ADDRESS_APPROVALS_LIMIT, AddressApprovals } from './address-approvals';

const ADDRESS = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';
const KEY = `ETHEREUM:${ADDRESS.toLowerCase()}:`;
const OLIVE = { subject: 'op-1', name: 'Olive Operator' };
const BEN = { subject: 'op-2', name: 'Ben Approver' };

function request(
  id: string,
  overrides: Partial<ApprovalRequest> & Pick<ApprovalRequest, 'status' | 'created_at'>,
): ApprovalRequest {
  return {
    id,
    kind: 'address',
    target: KEY,
    initiator: OLIVE,
    expires_at: '2999-01-01T00:00:00.000Z',
    required_approvals: 1,
    reason: 'Travel Rule data changed',
    approvals: [],
    history: [{ kind: 'requested', at: overrides.created_at, operator: OLIVE }],
    address: {
      request: { crypto_network: 'ETHEREUM', address: ADDRESS },
      change: 'travel_rule',
      diff: [],
    },
    ...overrides,
  };
}

// The oldest: the new address, approved by Ben.
const FIRST = request('apr-first', {
  status: 'approved',
  created_at: '2026-01-05T09:00:00.000Z',
  decided_at: '2026-01-05T10:30:00.000Z',
  reason: 'new address',
  address: { request: {}, change: 'new', diff: [] },
  approvals: [{ operator: BEN, at: '2026-01-05T10:30:00.000Z' }],
  history: [
    { kind: 'requested', at: '2026-01-05T09:00:00.000Z', operator: OLIVE },
    { kind: 'approved', at: '2026-01-05T10:30:00.000Z', operator: BEN },
    { kind: 'sent', at: '2026-01-05T10:30:01.000Z', detail: 'created' },
  ],
});
// Then a Travel Rule change Ben rejected, with his reason.
const SECOND = request('apr-second', {
  status: 'rejected',
  created_at: '2026-02-10T08:00:00.000Z',
  decided_at: '2026-02-10T08:45:00.000Z',
  history: [
    { kind: 'requested', at: '2026-02-10T08:00:00.000Z', operator: OLIVE },
    {
      kind: 'rejected',
      at: '2026-02-10T08:45:00.000Z',
      operator: BEN,
      reason: 'Wrong beneficiary',
    },
  ],
});
// And the latest, still waiting.
const LATEST = request('apr-latest', { status: 'pending', created_at: '2026-03-01T12:00:00.000Z' });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json' },
  });

function stubApprovals(answer: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/approvals') return answer();
    throw new Error(`unexpected ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderApprovals() {
  return renderPage(<AddressApprovals entryKey={KEY} />, { client: consoleClient() });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AddressApprovals', () => {
  it('shows every request of the address, newest first: kind, who asked and when, status, who decided and why', async () => {
    // Pending first (the list's order), then the others in no particular order.
    const fetchMock = stubApprovals(() => json({ requests: [LATEST, FIRST, SECOND] }));
    renderApprovals();

    const cards = await screen.findAllByRole('region');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Approval of this address: Travel Rule change, asked by Olive Operator on 2026-03-01 12:00 UTC',
      'Earlier approval: Travel Rule change, asked by Olive Operator on 2026-02-10 08:00 UTC',
      'Earlier approval: New address, asked by Olive Operator on 2026-01-05 09:00 UTC',
    ]);
    const [latest, second, first] = cards as [HTMLElement, HTMLElement, HTMLElement];

    // The same card as the withdrawal detail's: status, why, approvals, link, history.
    within(latest).getByText('Awaiting approval');
    within(latest).getByText('0 of 1');
    expect(
      within(latest).getByRole('link', { name: 'Open the approval request' }).getAttribute('href'),
    ).toBe('/approvals/apr-latest');
    expect(
      within(latest)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Requested by Olive Operator · 2026-03-01 12:00 UTC']);

    within(second).getByText('Rejected', { selector: '.badge' });
    expect(
      within(second)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Requested by Olive Operator · 2026-02-10 08:00 UTC',
      'Rejected by Ben Approver · 2026-02-10 08:45 UTCReason: Wrong beneficiary',
    ]);

    within(first).getByText('Approved', { selector: '.badge' });
    within(first).getByText('new address');
    within(first).getByText('1 of 1 (Ben Approver)');
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Requested by Olive Operator · 2026-01-05 09:00 UTC',
      'Approved by Ben Approver · 2026-01-05 10:30 UTC',
      'Sent to the service by the console · 2026-01-05 10:30 UTCcreated',
    ]);

    // One read of this address's requests (not only the latest).
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(url.searchParams.get('kind')).toBe('address');
    expect(url.searchParams.get('target')).toBe(KEY);
    expect(url.searchParams.get('limit')).toBe(String(ADDRESS_APPROVALS_LIMIT));
    expect(screen.queryByText(/latest requests of this address are shown/)).toBeNull();
  });

  it('says when there are more requests than it shows', async () => {
    stubApprovals(() => json({ requests: [SECOND], next_cursor: 'c1' }));
    renderApprovals();
    expect(await screen.findAllByRole('region')).toHaveLength(1);
    screen.getByText(
      `Only the ${ADDRESS_APPROVALS_LIMIT} latest requests of this address are shown; the approvals queue lists every one.`,
    );
  });

  it('shows nothing for an address that never needed approval', async () => {
    const fetchMock = stubApprovals(() => json({ requests: [] }));
    const { container, client } = renderApprovals();
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
      expect(client.isFetching()).toBe(0);
    });
    expect(client.getQueryCache().getAll()[0]?.state.status).toBe('success');
    expect(container.textContent).toBe('');
  });

  it('says so when the requests cannot be read, instead of showing nothing', async () => {
    stubApprovals(() =>
      json({ title: 'Forbidden', status: 403, detail: 'You lack the viewer role.' }, 403),
    );
    renderApprovals();
    await screen.findByText('The approval requests of this address could not be read');
  });
});
