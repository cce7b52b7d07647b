import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_APPROVALS_POLICY } from '#contract/approval-policy';
import type { MeResponse } from '#contract/session';
import type { WithdrawalBatchSummary } from '#contract/withdrawal-batches';
import { BatchesPage } from './batches-page';

// The Batches page (issue 28): the way back to a batch whose page was left. Newest first, a
// status filter and cursor pages in the URL, each batch linked to its own page.

const session = (roles: string[]) =>
  ({
    operator: { subject: 'dev', name: 'Dev' },
    roles,
    environment: { kind: 'local', name: 'Local sandbox', allow_testnet: true },
    features: {},
    approval_policy: NO_APPROVALS_POLICY,
  }) as unknown as MeResponse;

const done: WithdrawalBatchSummary = {
  id: 'a1b2c3d4e5f60718293a4b5c',
  status: 'done',
  created_at: '2026-11-20T09:30:00.000Z',
  created_by: { subject: 'ana', name: 'Ana Operator' },
  rows: 4,
  counts: { created: 2, refused: 1, dropped: 1 },
  totals: [{ asset: 'USDG', quantity: '1500.5' }],
};
const draft: WithdrawalBatchSummary = {
  ...done,
  id: 'ffeeddccbbaa998877665544',
  status: 'draft',
  counts: { ready: 4 },
  totals: [],
};

let pages: Record<string, { batches: WithdrawalBatchSummary[]; next_cursor?: string }>;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  const key = `${url.searchParams.get('status') ?? ''}|${url.searchParams.get('cursor') ?? ''}`;
  return Response.json(pages[key] ?? { batches: [] });
});
const listCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/withdrawal-batches');

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderAt(url: string, roles = ['viewer', 'withdrawal-initiator']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], session(roles));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Suspense fallback="loading">
          <Routes>
            <Route
              path="/batches"
              element={
                <>
                  <BatchesPage />
                  <LocationProbe />
                </>
              }
            />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  pages = {};
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Batches page', () => {
  it('lists each batch with its status, rows sent, totals, who and when (UTC), linked to its page', async () => {
    pages['|'] = { batches: [done] };
    renderAt('/batches');
    const table = await screen.findByRole('table', { name: /Withdrawal batches/ });
    const [, row] = within(table).getAllByRole('row');
    within(row!).getByText('Done');
    expect(row!.textContent).toContain('2 of 3 sent');
    expect(row!.textContent).toContain('1 refused · 1 dropped');
    expect(row!.textContent).toContain('1,500.5 USDG');
    expect(row!.textContent).toContain('Ana Operator');
    expect(within(row!).getByRole('time').getAttribute('datetime')).toBe(done.created_at);
    expect(row!.textContent).toMatch(/2026-11-20 09:30/);
    expect(within(row!).getByRole('link').getAttribute('href')).toBe(`/batches/${done.id}`);
    expect(listCalls()[0]!.searchParams.get('limit')).toBe('50');
  });

  it('filters by status and pages by cursor, both in the URL', async () => {
    pages['|'] = { batches: [draft], next_cursor: 'c2' };
    pages['|c2'] = { batches: [done] };
    pages['done|'] = { batches: [done] };
    renderAt('/batches');
    await screen.findByText('Draft', { selector: '.badge' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Done', { selector: '.badge' });
    expect(screen.getByTestId('location').textContent).toBe('?cursor=c2');
    screen.getByText(/Page 2, row 51/);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Draft', { selector: '.badge' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), {
      target: { value: 'done' },
    });
    await screen.findByText('Done', { selector: '.badge' });
    expect(screen.getByTestId('location').textContent).toBe('?status=done');
    expect(listCalls().at(-1)!.searchParams.get('status')).toBe('done');
  });

  it('says when there is no batch yet, and offers a file to an initiator only', async () => {
    renderAt('/batches');
    await screen.findByRole('heading', { name: 'No batches yet' });
    expect(screen.getAllByRole('link', { name: 'Batch from CSV' }).length).toBeGreaterThan(0);
    cleanup();
    renderAt('/batches?status=paused', ['viewer']);
    await screen.findByRole('heading', { name: 'No batches with this status' });
    expect(screen.queryByRole('link', { name: 'Batch from CSV' })).toBeNull();
  });
});
